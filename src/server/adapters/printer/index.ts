import type { ErrorCode } from '../../../shared/domain/errors';
import type { ShippingLevel } from '../../../shared/domain/shipping';
import type { BookType, CoverType } from '../../../shared/domain/statuses';

/** A print file the shop already stored (bucket `instances`), with its bytes for upload. */
export type PrintFile = { key: string; data: Uint8Array };

/**
 * One kind of book in a print order: a cover of one type, printed `quantity` times. The book type
 * picks the product: a coloring book prints in black and white on uncoated paper.
 */
export type PrintItem = { bookType: BookType; coverType: CoverType; quantity: number; cover: PrintFile };

/** Everything a print-on-demand service needs to print and ship one order. */
export type PrintSubmission = {
  /** Our order id: a second submission of the same order is recognised, not printed twice. */
  externalId: string;
  orderNumber: string;
  bookInstanceId: string;
  title: string;
  /** Interior pages, padded for binding. */
  pageCount: number;
  interior: PrintFile;
  /** Where (bucket `instances`) a printer may keep its own record of the job, beside the files. */
  ticketKey: string;
  items: PrintItem[];
  /** The buyer's choice: the printer's usual level, or its fastest. */
  shippingLevel: ShippingLevel;
  shipTo: {
    name: string;
    email: string;
    phone?: string | undefined;
    address: string;
    city: string;
    postalCode: string;
    /** The state of a US address (USPS code), when there is one. */
    region?: string | undefined;
    country: string;
  };
};

export type PrintReceipt = { printJobId: string };

/**
 * Prints and ships books. The embedded default (`local`) keeps the files and plays the printer's
 * part: it reports the order shipped, with a tracking number, then delivered, on a schedule.
 * `lulu` (Lulu's Print API) creates a print job whose files Lulu downloads from signed links, and
 * its webhook (PRINT_JOB_STATUS_CHANGED, src/server/modules/printer) reports the same changes.
 */
export interface Printer {
  readonly kind: 'local' | 'lulu';
  /** Hands one order to the printer; the same `externalId` again answers the first receipt. */
  submit(submission: PrintSubmission): Promise<PrintReceipt>;
}

/** What a printer reports about an order after printing it (the job queue's `print-status` payload). */
export type PrintStatusReport =
  | { status: 'shipped'; trackingNumber: string; trackingUrl: string }
  | { status: 'delivered' };

/**
 * A printer's failure. The adapter knows nothing of the job queue: the job layer
 * (src/server/jobs/errors.ts `isPermanent`) retries a `retryable` one later and fails the job at
 * once otherwise (Lulu refusing the request: retrying cannot mend it).
 */
export class PrinterError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'PrinterError';
  }
}
