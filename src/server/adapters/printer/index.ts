import type { ErrorCode } from '../../../shared/domain/errors';
import type { ShippingLevel } from '../../../shared/domain/shipping';
import type { BookType, CoverType } from '../../../shared/domain/statuses';

/** A print file the shop already stored (bucket `instances`), with its bytes for upload. */
export type PrintFile = { key: string; data: Uint8Array };

/**
 * One kind of book in a print order: a cover of one type, printed `quantity` times. The book type
 * picks the product: a coloring book prints in black and white on uncoated paper.
 */
export type PrintItem = {
  bookType: BookType;
  coverType: CoverType;
  quantity: number;
  cover: PrintFile;
  /** A gift copy printed with its own words (issue 18): its own interior, instead of the order's. */
  interior?: PrintFile;
  /** The gift copy's position (1..3) when the item is one; names the printer's line item. */
  copy?: number;
};

/**
 * Our id of a print job: the order's id, or `{orderId}-copy-{n}` for a gift copy sent to its own
 * address (its own job, parcel and tracking; issue 18). Printers echo it in their reports.
 */
export function printExternalId(orderId: string, copy?: number): string {
  return copy === undefined ? orderId : `${orderId}-copy-${copy}`;
}

const EXTERNAL_ID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:-copy-([1-3]))?$/i;

/** The order (and gift copy) a printer's external id names; undefined for anything else. */
export function parsePrintExternalId(externalId: string): { orderId: string; copy?: number } | undefined {
  const match = EXTERNAL_ID.exec(externalId);
  if (!match) return undefined;
  const orderId = match[1]!.toLowerCase();
  return match[2] ? { orderId, copy: Number(match[2]) } : { orderId };
}

/** Everything a print-on-demand service needs to print and ship one order. */
export type PrintSubmission = {
  /**
   * `printExternalId`: the order's id, or a gift copy's own job; a second submission of the same
   * job is recognised, not printed twice.
   */
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
