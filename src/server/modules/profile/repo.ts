import { and, asc, count, desc, eq, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { decodePageCursor } from '../../../shared/domain/page-cursor';
import type { OrderStatus } from '../../../shared/domain/statuses';
import { personalisationWithWords } from '../../book/words';
import type { Db } from '../../db/client';
import {
  accounts,
  type BookVersionPictures,
  bookInstances,
  books,
  bookVersions,
  characters,
  customers,
  failedSignIns,
  generatedImages,
  generationLog,
  jobs,
  orderCopies,
  orders,
  profiles,
  reviews,
  sessions,
  spreads,
  users,
  verifications,
  wizardSessionData,
  wizardSessions,
} from '../../db/schema';

/** The paid order of a book on My Books: where it stands (issue 36: the card follows it). */
type PaidOrder = { id: string; status: OrderStatus };

// Every query of the profile takes the caller's id and filters by it in SQL (docs/architecture.md):
// a row of another user is never loaded, so it cannot be shown by mistake.

function prepareFindUser(db: Db) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      image: users.image,
      language: users.language,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('profile_find_user');
}

const findUserStatements = new WeakMap<Db, ReturnType<typeof prepareFindUser>>();

/**
 * The account, by a named statement drizzle builds once per database and PostgreSQL parses once
 * per pooled connection: `GET /api/profile` is every signed-in page's first read (issue 37:
 * building the query was a large share of the request's CPU).
 */
export async function findUser(db: Db, userId: string) {
  let statement = findUserStatements.get(db);
  if (!statement) {
    statement = prepareFindUser(db);
    findUserStatements.set(db, statement);
  }
  const [row] = await statement.execute({ userId });
  return row;
}

/** The user's new display name, on the account and the profile row, in the caller's transaction. */
export async function renameUser(tx: Db, userId: string, name: string): Promise<void> {
  await tx.update(users).set({ name, updatedAt: sql`now()` }).where(eq(users.id, userId));
  await tx
    .update(profiles)
    .set({ displayName: name, updatedAt: sql`now()` })
    .where(eq(profiles.userId, userId));
}

/** A row's `created_at` to the microsecond, in UTC, as the page cursor carries it. */
const cursorTime = (column: typeof bookInstances.createdAt | typeof orders.createdAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The rows after a cursor, newest first: `(created_at, id) < (cursor)`, which the owner's
 * (owner, created_at, id) index answers as a range (no sort, no whole-table read).
 */
function after(
  createdAt: typeof bookInstances.createdAt | typeof orders.createdAt,
  id: typeof bookInstances.id | typeof orders.id,
  cursor: string | undefined,
): SQL | undefined {
  if (!cursor) return undefined;
  // The route's schema has checked the cursor; a bad one here is a caller's mistake all the same.
  const row = decodePageCursor(cursor);
  if (!row) return sql`false`;
  return sql`(${createdAt}, ${id}) < (${row.createdAt}::timestamptz, ${row.id}::uuid)`;
}

/** Which page of a list to read: after `cursor` (or from the top), `limit` rows. */
export type PageRequest = { cursor?: string; limit: number };

/** A book as its card shows it (My Books, the export): the columns both lists read. */
const bookCardColumns = () => ({
  id: bookInstances.id,
  title: books.title,
  themeId: bookInstances.themeId,
  bookType: bookInstances.bookType,
  status: bookInstances.status,
  language: bookInstances.language,
  currentStep: bookInstances.currentStep,
  progressPercentage: bookInstances.progressPercentage,
  wizardMetadata: personalisationWithWords(),
});

/** The columns of a My Books card row, from the book, its catalogue book and its current version. */
function bookPageSelect(db: Db) {
  return db
    .select({
      ...bookCardColumns(),
      createdAt: bookInstances.createdAt,
      cursorTime: cursorTime(bookInstances.createdAt),
      interiorStoredAt: bookInstances.interiorStoredAt,
      imagesDeletedAt: bookInstances.imagesDeletedAt,
      approved: sql<boolean>`(${bookInstances.approvedVersionId} is not null
        and ${bookInstances.approvedVersionId} = ${bookInstances.currentVersionId})`,
      // The hash of the current version's front cover (its picture 0), which names its web address.
      coverSha256: sql<string | null>`${bookVersions.pictures} -> '0' ->> 'sha256'`,
    })
    .from(bookInstances)
    .innerJoin(books, eq(books.id, bookInstances.bookId))
    .leftJoin(bookVersions, eq(bookVersions.id, bookInstances.currentVersionId));
}

const NEWEST_FIRST = [desc(bookInstances.createdAt), desc(bookInstances.id)] as const;

/**
 * My Books' first page, the one every visit of the page reads (and reads again while a book is
 * drawn), as a named statement drizzle builds once per database and PostgreSQL parses once per
 * pooled connection (issue 37: building it was more than half of the request's CPU).
 */
function prepareFirstBookPage(db: Db) {
  return bookPageSelect(db)
    .where(eq(bookInstances.createdBy, sql.placeholder('userId')))
    .orderBy(...NEWEST_FIRST)
    .limit(sql.placeholder('limit'))
    .prepare('profile_first_book_page');
}

const firstBookPageStatements = new WeakMap<Db, ReturnType<typeof prepareFirstBookPage>>();

/**
 * One page of the user's books, newest first (`limit + 1` rows, to know whether a page follows),
 * or the user's books among `ids`. Only columns of the book, its catalogue book and its current
 * version (a join): nothing is counted or looked up per row here. The query as built each time
 * (the plan test reads its text); `bookPageQuery` runs it.
 */
export function bookPageStatement(db: Db, userId: string, page: PageRequest & { ids?: string[] }) {
  return bookPageSelect(db)
    .where(
      and(
        eq(bookInstances.createdBy, userId),
        page.ids
          ? inArray(bookInstances.id, page.ids)
          : after(bookInstances.createdAt, bookInstances.id, page.cursor),
      ),
    )
    .orderBy(...NEWEST_FIRST)
    .limit(page.limit + 1);
}

/** The rows of `bookPageStatement`; the first page (no cursor, no ids) by its named statement. */
export async function bookPageQuery(db: Db, userId: string, page: PageRequest & { ids?: string[] }) {
  if (page.ids || page.cursor) return bookPageStatement(db, userId, page);
  let statement = firstBookPageStatements.get(db);
  if (!statement) {
    statement = prepareFirstBookPage(db);
    firstBookPageStatements.set(db, statement);
  }
  return statement.execute({ userId, limit: page.limit + 1 });
}

/**
 * For the books of one page (already the user's): how many pictures each has and which are paid,
 * in one grouped read each over those ids only.
 */
export async function bookPageExtras(db: Db, userId: string, bookIds: string[]) {
  if (bookIds.length === 0) {
    return { imageCounts: new Map<string, number>(), paidOrders: new Map<string, PaidOrder>() };
  }
  const [counts, paidRows] = await Promise.all([
    db
      .select({ bookInstanceId: generatedImages.bookInstanceId, images: count() })
      .from(generatedImages)
      .innerJoin(bookInstances, eq(bookInstances.id, generatedImages.bookInstanceId))
      .where(and(inArray(generatedImages.bookInstanceId, bookIds), eq(bookInstances.createdBy, userId)))
      .groupBy(generatedImages.bookInstanceId),
    db
      .select({ bookInstanceId: orders.bookInstanceId, id: orders.id, status: orders.status })
      .from(orders)
      .where(
        and(
          inArray(orders.bookInstanceId, bookIds),
          eq(orders.userId, userId),
          inArray(orders.paymentStatus, ['paid', 'refunded']),
        ),
      )
      .orderBy(asc(orders.createdAt)),
  ]);
  // A book paid twice (a refunded second order) shows its newest paid order.
  const paidOrders = new Map<string, PaidOrder>();
  for (const row of paidRows) {
    if (row.bookInstanceId) paidOrders.set(row.bookInstanceId, { id: row.id, status: row.status });
  }
  return {
    imageCounts: new Map(counts.map((row) => [row.bookInstanceId, Number(row.images)])),
    paidOrders,
  };
}

/** The user's book instances, newest first, with their title, child and number of pictures (export). */
export async function listBooks(db: Db, userId: string) {
  return db
    .select({
      ...bookCardColumns(),
      imageCount: sql<number>`(select count(*)::int from ${generatedImages} where ${generatedImages.bookInstanceId} = ${bookInstances.id})`,
      createdAt: bookInstances.createdAt,
      updatedAt: bookInstances.updatedAt,
      paid: sql<boolean>`exists (select 1 from ${orders} where ${orders.bookInstanceId} = ${bookInstances.id}
        and ${orders.paymentStatus} in ('paid', 'refunded'))`,
      approved: sql<boolean>`(${bookInstances.approvedVersionId} is not null
        and ${bookInstances.approvedVersionId} = ${bookInstances.currentVersionId})`,
      // The hash of the current version's front cover (its picture 0), which names its web address.
      coverSha256: sql<
        string | null
      >`(select ${bookVersions.pictures} -> '0' ->> 'sha256' from ${bookVersions}
        where ${bookVersions.id} = ${bookInstances.currentVersionId})`,
    })
    .from(bookInstances)
    .innerJoin(books, eq(books.id, bookInstances.bookId))
    .where(eq(bookInstances.createdBy, userId))
    .orderBy(desc(bookInstances.createdAt), desc(bookInstances.id));
}

/** The columns a book's own title is made from (src/server/stories/title.ts). */
const titleSource = {
  themeId: bookInstances.themeId,
  bookType: bookInstances.bookType,
  language: bookInstances.language,
  wizardMetadata: personalisationWithWords(),
};

/** One book of the user (title and status), or undefined. */
export async function findOwnBook(db: Db, userId: string, bookInstanceId: string) {
  const [row] = await db
    .select({
      id: bookInstances.id,
      title: books.title,
      status: bookInstances.status,
      paid: sql<boolean>`exists (select 1 from ${orders} where ${orders.bookInstanceId} = ${bookInstances.id}
        and ${orders.userId} = ${userId} and ${orders.paymentStatus} in ('paid', 'refunded'))`,
      ...titleSource,
    })
    .from(bookInstances)
    .innerJoin(books, eq(books.id, bookInstances.bookId))
    .where(and(eq(bookInstances.id, bookInstanceId), eq(bookInstances.createdBy, userId)));
  return row;
}

/**
 * The pictures the parent approved (or, before approval, the current version's), by printed
 * position: a page drawn again shows its new picture, not the first drawing (issue 36).
 */
const shownPictures = sql<BookVersionPictures | null>`(select ${bookVersions.pictures} from ${bookVersions}
  where ${bookVersions.id} = coalesce(${bookInstances.approvedVersionId}, ${bookInstances.currentVersionId}))`;

/** The pictures of one of the user's books, in page order, with the version's pictures. */
export async function listBookImages(db: Db, userId: string, bookInstanceId: string) {
  return db
    .select({ id: generatedImages.id, position: spreads.position, templateName: spreads.templateName })
    .from(generatedImages)
    .innerJoin(spreads, eq(spreads.id, generatedImages.spreadId))
    .innerJoin(bookInstances, eq(bookInstances.id, generatedImages.bookInstanceId))
    .where(and(eq(generatedImages.bookInstanceId, bookInstanceId), eq(bookInstances.createdBy, userId)))
    .orderBy(asc(spreads.position), asc(generatedImages.id));
}

/** One picture of the user's books: where it is stored, its page and the book's title. */
export async function findOwnImage(db: Db, userId: string, imageId: string) {
  const [row] = await db
    .select({
      storagePath: generatedImages.storagePath,
      position: spreads.position,
      pictures: shownPictures,
      title: books.title,
      ...titleSource,
    })
    .from(generatedImages)
    .innerJoin(bookInstances, eq(bookInstances.id, generatedImages.bookInstanceId))
    .innerJoin(books, eq(books.id, bookInstances.bookId))
    .leftJoin(spreads, eq(spreads.id, generatedImages.spreadId))
    .where(and(eq(generatedImages.id, imageId), eq(bookInstances.createdBy, userId)));
  return row;
}

/**
 * One page of the user's orders, newest first (`limit + 1` rows), with the child (the user's own
 * character) and whether the user reviewed it, as joins.
 */
export function orderPageQuery(db: Db, userId: string, page: PageRequest) {
  return (
    db
      .select({
        order: orders,
        cursorTime: cursorTime(orders.createdAt),
        character: { id: characters.id, name: characters.name, photoPath: characters.photoPath },
        reviewId: reviews.id,
      })
      .from(orders)
      .leftJoin(characters, and(eq(characters.id, orders.characterId), eq(characters.userId, userId)))
      // At most one review per order (unique order_id).
      .leftJoin(reviews, eq(reviews.orderId, orders.id))
      .where(and(eq(orders.userId, userId), after(orders.createdAt, orders.id, page.cursor)))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.limit + 1)
  );
}

/** The user's orders, newest first, with the child (the user's own character) and the review flag (export). */
export async function listOrders(db: Db, userId: string) {
  return db
    .select({
      order: orders,
      character: { id: characters.id, name: characters.name, photoPath: characters.photoPath },
      reviewed: sql<boolean>`exists (select 1 from ${reviews} where ${reviews.orderId} = ${orders.id})`,
    })
    .from(orders)
    .leftJoin(characters, and(eq(characters.id, orders.characterId), eq(characters.userId, userId)))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

export async function listCharacters(db: Db, userId: string) {
  return db
    .select({
      id: characters.id,
      name: characters.name,
      photoPath: characters.photoPath,
      createdAt: characters.createdAt,
    })
    .from(characters)
    .where(eq(characters.userId, userId))
    .orderBy(asc(characters.createdAt), asc(characters.id));
}

/** The caller's wizards still stored (an active one included), each with its steps' data. */
export async function listWizards(db: Db, userId: string) {
  const sessions = await db
    .select({
      sessionId: wizardSessions.sessionId,
      themeId: wizardSessions.themeId,
      bookType: wizardSessions.bookType,
      status: wizardSessions.status,
      bookInstanceId: wizardSessions.bookInstanceId,
      prefill: wizardSessions.prefill,
      createdAt: wizardSessions.createdAt,
      updatedAt: wizardSessions.updatedAt,
    })
    .from(wizardSessions)
    .where(eq(wizardSessions.userId, userId))
    .orderBy(asc(wizardSessions.createdAt), asc(wizardSessions.sessionId));
  if (sessions.length === 0) return [];
  const steps = await db
    .select({
      sessionId: wizardSessionData.sessionId,
      stepNumber: wizardSessionData.stepNumber,
      stepType: wizardSessionData.stepType,
      data: wizardSessionData.data,
    })
    .from(wizardSessionData)
    .innerJoin(wizardSessions, eq(wizardSessions.sessionId, wizardSessionData.sessionId))
    .where(eq(wizardSessions.userId, userId))
    .orderBy(asc(wizardSessionData.stepNumber));
  return sessions.map((session) => ({
    ...session,
    steps: steps.filter((step) => step.sessionId === session.sessionId),
  }));
}

export async function findOwnCharacter(db: Db, userId: string, characterId: string) {
  const [row] = await db
    .select({ photoPath: characters.photoPath })
    .from(characters)
    .where(and(eq(characters.id, characterId), eq(characters.userId, userId)));
  return row;
}

/** The sign-in methods of the user (provider names only: never a token or a password hash). */
export async function listAccountProviders(db: Db, userId: string) {
  const rows = await db
    .select({ providerId: accounts.providerId, createdAt: accounts.createdAt })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  return rows;
}

/** What deleting an account removed, for the log (never an e-mail or a name). */
export type DeletedAccount = {
  bookInstanceIds: string[];
  wizardSessionIds: string[];
  characterPhotoPaths: string[];
  counts: Record<string, number>;
};

type AccountOwner = { id: string; email: string };

/** The ids of what the user made: book instances, wizard sessions, character photos and orders. */
async function readUserHoldings(tx: Db, userId: string) {
  const instanceRows = await tx
    .select({ id: bookInstances.id, customerId: bookInstances.customerId })
    .from(bookInstances)
    .where(eq(bookInstances.createdBy, userId));
  const wizardSessionIds = (
    await tx
      .select({ id: wizardSessions.sessionId })
      .from(wizardSessions)
      .where(eq(wizardSessions.userId, userId))
  ).map((row) => row.id);
  const characterPhotoPaths = (
    await tx
      .select({ photoPath: characters.photoPath })
      .from(characters)
      .where(and(eq(characters.userId, userId), isNotNull(characters.photoPath)))
  ).flatMap((row) => (row.photoPath ? [row.photoPath] : []));
  const ownOrders = await tx
    .select({ id: orders.id, customerId: orders.customerId })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.createdAt));
  return { instanceRows, wizardSessionIds, characterPhotoPaths, ownOrders };
}

type CustomerLink = { id: string; customerId: string | null };

/**
 * One customer row behind the user's orders or books: anonymised when it names this user, else
 * (an e-mail another account also ordered with is that person's too) only unlinked from this
 * user's orders.
 */
async function releaseCustomer(
  tx: Db,
  user: AccountOwner,
  customerId: string,
  ownOrders: CustomerLink[],
): Promise<'anonymised' | 'unlinked' | undefined> {
  const [customer] = await tx
    .select({ email: customers.email })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
  if (!customer) return undefined;
  const [sharedOrder] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), isNotNull(orders.userId), ne(orders.userId, user.id)))
    .limit(1);
  const [sharedBook] = await tx
    .select({ id: bookInstances.id })
    .from(bookInstances)
    .where(and(eq(bookInstances.customerId, customerId), ne(bookInstances.createdBy, user.id)))
    .limit(1);
  const isUsersEmail = customer.email.trim().toLowerCase() === user.email.trim().toLowerCase();
  if (isUsersEmail || (!sharedOrder && !sharedBook)) {
    const firstOrder = ownOrders.find((row) => row.customerId === customerId)?.id ?? customerId;
    await tx
      .update(customers)
      .set({ email: `deleted-${firstOrder}@invalid`, fullName: 'Deleted customer' })
      .where(eq(customers.id, customerId));
    return 'anonymised';
  }
  await tx
    .update(orders)
    .set({ customerId: null })
    .where(and(eq(orders.userId, user.id), eq(orders.customerId, customerId)));
  return 'unlinked';
}

/**
 * The customer rows behind the user's orders and books: their own since migration 0010; a row from
 * before may be shared by e-mail with another account (`releaseCustomer`).
 */
async function releaseCustomers(
  tx: Db,
  user: AccountOwner,
  ownOrders: CustomerLink[],
  instanceRows: { customerId: string | null }[],
) {
  const customerIds = [
    ...new Set([...ownOrders, ...instanceRows].flatMap((row) => (row.customerId ? [row.customerId] : []))),
  ];
  let customersAnonymised = 0;
  let customersUnlinked = 0;
  for (const customerId of customerIds) {
    const released = await releaseCustomer(tx, user, customerId, ownOrders);
    if (released === 'anonymised') customersAnonymised += 1;
    if (released === 'unlinked') customersUnlinked += 1;
  }
  return { customersAnonymised, customersUnlinked };
}

/**
 * Orders stay with their amounts, items and country (accounting); everything naming a person goes,
 * in the orders and in their gift copies. Answers how many orders were anonymised.
 */
async function anonymiseOrders(tx: Db, userId: string): Promise<number> {
  const anonymised = await tx
    .update(orders)
    .set({
      userId: null,
      characterId: null,
      // Its book and versions are deleted below; cleared here, as one statement may not clear both
      // the order's book and its version through their foreign keys.
      bookVersionId: null,
      shippingAddress: sql`case when ${orders.shippingAddress} is null then null else jsonb_build_object(
        'firstName', '', 'lastName', '', 'phone', '', 'address', '', 'city', '', 'postalCode', '',
        'country', ${orders.shippingAddress}->'country') end`,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.userId, userId))
    .returning({ id: orders.id });
  // Gift copies name their recipients and carry the buyer's words: only the country stays.
  if (anonymised.length > 0) {
    await tx
      .update(orderCopies)
      .set({
        shipTo: sql`case when ${orderCopies.shipTo} is null then null else jsonb_build_object(
          'firstName', '', 'lastName', '', 'address', '', 'city', '', 'postalCode', '', 'region', '',
          'country', ${orderCopies.shipTo}->'country') end`,
        dedicationMessage: sql`case when ${orderCopies.dedicationMessage} is null then null else '' end`,
        dedicationSignature: sql`case when ${orderCopies.dedicationSignature} is null then null else '' end`,
      })
      .where(
        inArray(
          orderCopies.orderId,
          anonymised.map((row) => row.id),
        ),
      );
  }
  return anonymised.length;
}

/**
 * Queued work about the user's books and orders has nobody left to serve (an e-mail to an
 * anonymised address, the production of a deleted book). Answers how many jobs were dropped.
 */
async function dropQueuedJobs(tx: Db, bookInstanceIds: string[], orderIds: string[]): Promise<number> {
  if (bookInstanceIds.length + orderIds.length === 0) return 0;
  const dropped = await tx
    .delete(jobs)
    .where(
      and(
        eq(jobs.state, 'queued'),
        or(
          bookInstanceIds.length
            ? and(
                inArray(jobs.queue, ['draw-book', 'print-book']),
                inArray(sql<string>`${jobs.payload}->>'bookInstanceId'`, bookInstanceIds),
              )
            : sql`false`,
          orderIds.length
            ? and(
                eq(jobs.queue, 'send-order-email'),
                inArray(sql<string>`${jobs.payload}->>'orderId'`, orderIds),
              )
            : sql`false`,
        ),
      ),
    )
    .returning({ id: jobs.id });
  return dropped.length;
}

/** Deletes the user's own rows, children before the rows they point to; answers the counts. */
async function deleteOwnRows(tx: Db, user: AccountOwner, wizardSessionIds: string[]) {
  const userId = user.id;
  const count = async (deleted: Promise<unknown[]>) => (await deleted).length;
  const counts = {
    reviews: await count(tx.delete(reviews).where(eq(reviews.userId, userId)).returning({ id: reviews.id })),
    generationLog: await count(
      tx
        .delete(generationLog)
        .where(
          wizardSessionIds.length
            ? or(eq(generationLog.userId, userId), inArray(generationLog.sessionId, wizardSessionIds))
            : eq(generationLog.userId, userId),
        )
        .returning({ id: generationLog.id }),
    ),
    wizardSessions: await count(
      tx
        .delete(wizardSessions)
        .where(eq(wizardSessions.userId, userId))
        .returning({ id: wizardSessions.sessionId }),
    ),
    characters: await count(
      tx.delete(characters).where(eq(characters.userId, userId)).returning({ id: characters.id }),
    ),
    // Spreads and generated images go with their book instance (ON DELETE CASCADE).
    bookInstances: await count(
      tx.delete(bookInstances).where(eq(bookInstances.createdBy, userId)).returning({ id: bookInstances.id }),
    ),
    sessions: await count(
      tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id }),
    ),
    accounts: await count(
      tx.delete(accounts).where(eq(accounts.userId, userId)).returning({ id: accounts.id }),
    ),
    // Verification rows are keyed by e-mail (sign-up) or hold the user id (password reset).
    verifications: await count(
      tx
        .delete(verifications)
        .where(or(eq(verifications.identifier, user.email), eq(verifications.value, userId)))
        .returning({ id: verifications.id }),
    ),
  };
  await tx.delete(failedSignIns).where(eq(failedSignIns.email, user.email.trim().toLowerCase()));
  await tx.delete(profiles).where(eq(profiles.userId, userId));
  await tx.delete(users).where(eq(users.id, userId));
  return counts;
}

/**
 * Deletes everything of a user from the database and anonymises their orders (kept for accounting,
 * docs/product.md), inside the caller's transaction. Answers what files the caller must then remove.
 */
export async function deleteUserRows(tx: Db, userId: string): Promise<DeletedAccount | undefined> {
  const [user] = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user) return undefined;

  const { instanceRows, wizardSessionIds, characterPhotoPaths, ownOrders } = await readUserHoldings(
    tx,
    userId,
  );
  const bookInstanceIds = instanceRows.map((row) => row.id);
  const released = await releaseCustomers(tx, user, ownOrders, instanceRows);
  const anonymisedOrders = await anonymiseOrders(tx, userId);
  const queuedJobs = await dropQueuedJobs(
    tx,
    bookInstanceIds,
    ownOrders.map((row) => row.id),
  );
  const deleted = await deleteOwnRows(tx, user, wizardSessionIds);
  return {
    bookInstanceIds,
    wizardSessionIds,
    characterPhotoPaths,
    counts: { orders: anonymisedOrders, ...released, queuedJobs, ...deleted },
  };
}
