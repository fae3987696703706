// The print files of a book: interior and cover PDFs for the printer, and the check run on them.
export {
  buildCoverPdf,
  type CoverInput,
  type CoverResult,
  type FrontWords,
  frontArtLayout,
  type PlacedWords,
  placeFrontWords,
} from './cover';
export {
  type CoverSheetInput,
  type FrontCoverInput,
  renderCoverSheet,
  renderFrontCover,
} from './cover-sheet';
export {
  buildInteriorPdf,
  type InteriorInput,
  type InteriorOptions,
  type InteriorPage,
  type InteriorResult,
  storyPanels,
} from './interior';
export { type PreflightExpect, type PreflightResult, preflight } from './preflight';
export {
  type CoverDimensions,
  coverDimensions,
  HARDCOVER_MIN_PAGES,
  paddedPageCount,
  pixelsFor,
  SOFTCOVER_MIN_PAGES,
} from './spec';
