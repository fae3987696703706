import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import { UNPAID_PAYMENT_STATUSES } from '../../../shared/domain/orders';
import { FALLBACK_LANGUAGE, isLanguage, type Language } from '../../../shared/i18n';
import type { Mailer, MailMessage } from '../../adapters/mail/index';
import { personalisationWithWords } from '../../book/words';
import type { Db } from '../../db/client';
import { bookInstances, bookVersions, orders, users } from '../../db/schema';
import type { EmailFrameTexts } from '../../email-layout';
import { emailButton, emailFooterLink, emailHtml, emailParagraph } from '../../email-layout';
import { fill, serverTexts } from '../../i18n';
import { enqueue } from '../../jobs/queue';
import { bookTitle } from '../../stories/title';

/** A book approved but not paid gets its one reminder this long after the approval (issue 18). */
const REMINDER_AFTER_HOURS = 24;

/** The parent agreed to the reminder (on approving a book): their opt-out link gets its token. */
export async function agreeToReminders(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({
      bookReminders: true,
      remindersToken: sql`coalesce(${users.remindersToken}, ${randomBytes(24).toString('base64url')})`,
    })
    .where(eq(users.id, userId));
}

/** The one-click opt-out: the token's account gets no more reminders. False for an unknown token. */
export async function stopReminders(db: Db, token: string): Promise<{ language: string } | undefined> {
  const [row] = await db
    .update(users)
    .set({ bookReminders: false })
    .where(eq(users.remindersToken, token))
    .returning({ language: users.language });
  return row;
}

/**
 * Queues the reminder of every book approved more than a day ago, not paid, whose parent agreed to
 * reminders and has not had one for it: at most one e-mail per book, ever (`reminder_sent_at`, and
 * the job's singleton key). Run with the hourly retention run.
 */
export async function queueBookReminders(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - REMINDER_AFTER_HOURS * 3_600_000);
  return db.transaction(async (tx) => {
    const due = await tx
      .update(bookInstances)
      .set({ reminderSentAt: now })
      .where(
        and(
          isNull(bookInstances.reminderSentAt),
          isNotNull(bookInstances.approvedVersionId),
          eq(bookInstances.currentVersionId, bookInstances.approvedVersionId),
          sql`${bookInstances.createdBy} in (select ${users.id} from ${users} where ${users.bookReminders})`,
          sql`exists (select 1 from ${bookVersions} where ${bookVersions.id} = ${bookInstances.approvedVersionId} and ${bookVersions.approvedAt} <= ${before})`,
          notExists(
            tx
              .select({ one: sql`1` })
              .from(orders)
              .where(
                and(
                  eq(orders.bookInstanceId, bookInstances.id),
                  sql`${orders.paymentStatus} not in ${[...UNPAID_PAYMENT_STATUSES]}`,
                ),
              ),
          ),
        ),
      )
      .returning({ id: bookInstances.id });
    for (const { id } of due) {
      await enqueue(
        tx,
        'send-book-reminder',
        { bookInstanceId: id },
        { singletonKey: `book-reminder:${id}` },
      );
    }
    return due.length;
  });
}

type ReminderTexts = EmailFrameTexts & {
  bookWaiting: { subject: string; body: string; button: string; optOut: string };
};

/**
 * Sends one "your book is waiting" e-mail (the `send-book-reminder` job), in the parent's language,
 * with the one-click opt-out link. Sent only if the book is still unpaid and the parent still agrees.
 */
export async function sendBookReminder(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  payload: { bookInstanceId: string },
): Promise<void> {
  const [row] = await deps.db
    .select({
      instance: {
        id: bookInstances.id,
        themeId: bookInstances.themeId,
        bookType: bookInstances.bookType,
        language: bookInstances.language,
        wizardMetadata: personalisationWithWords(),
      },
      email: users.email,
      language: users.language,
      agreed: users.bookReminders,
      token: users.remindersToken,
      paid: sql<boolean>`exists (select 1 from ${orders} where ${orders.bookInstanceId} = ${bookInstances.id} and ${orders.paymentStatus} not in ${[...UNPAID_PAYMENT_STATUSES]})`,
    })
    .from(bookInstances)
    .innerJoin(users, eq(users.id, bookInstances.createdBy))
    .where(eq(bookInstances.id, payload.bookInstanceId));
  if (!row?.agreed || !row.token || row.paid) return;
  const language = isLanguage(row.language) ? row.language : FALLBACK_LANGUAGE;
  const title = await bookTitle(row.instance, '');
  const base = deps.publicUrl.replace(/\/$/, '');
  await deps.mailer.send(
    renderBookReminder({
      to: row.email,
      language,
      title,
      url: `${base}/book/${row.instance.id}`,
      stopUrl: `${base}/api/reminders/stop?token=${encodeURIComponent(row.token)}`,
    }),
  );
}

/** The "your book is waiting" e-mail in the parent's language, with an HTML and a plain-text part. */
export function renderBookReminder(values: {
  to: string;
  language: Language;
  title: string;
  /** The book's page. */
  url: string;
  /** The one-click opt-out link. */
  stopUrl: string;
}): MailMessage {
  const { language, title, url } = values;
  const stop = values.stopUrl;
  const texts = serverTexts<ReminderTexts>('emails', language);
  const part = texts.bookWaiting;
  const subject = fill(part.subject, { title });
  const body = fill(part.body, { title });
  const optOut = fill(part.optOut, { url: stop });
  return {
    to: values.to,
    subject,
    text: [
      texts.greeting,
      '',
      body,
      '',
      fill(texts.buttonLine, { button: part.button, url }),
      '',
      texts.signature,
      '',
      '--',
      optOut,
    ].join('\n'),
    html: emailHtml({
      language,
      brand: texts.brand,
      greeting: texts.greeting,
      blocks: [emailParagraph(body), emailButton(url, part.button)],
      signature: texts.signature,
      footer: emailFooterLink(fill(part.optOut, { url: '' }), stop),
    }),
  };
}
