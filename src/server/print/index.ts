// The print files of a book: interior and cover PDFs for the printer, and the check run on them.
export { buildCoverPdf } from './cover';
export { buildInteriorPdf, type InteriorPage } from './interior';
export { preflight } from './preflight';
export { HARDCOVER_MIN_PAGES, SOFTCOVER_MIN_PAGES } from './spec';
