import { useSearchParams } from 'react-router';
import { parseBookType } from '../../shared/domain/statuses';
import { readPrefillId } from '../../shared/domain/wizard';
import { DEFAULT_THEME_ID, WizardPage } from '../features/wizard';

/**
 * /wizard?theme=&type=&step=&character=&clone=&book=: `type` accepts the `colouring` spelling; no theme
 * means the one theme of today. `character` prefills the child ("Reorder"), `clone` keeps an order's
 * toy and dedication ("Make Sibling Version"), `book` keeps all of an unpaid book but the child's
 * photo ("Change the photo"). `step` is read and kept by the page itself.
 */
export function Component() {
  const [params] = useSearchParams();
  const themeId = params.get('theme') || DEFAULT_THEME_ID;
  const bookType = parseBookType(params.get('type')) ?? 'storybook';
  return (
    <WizardPage
      themeId={themeId}
      bookType={bookType}
      characterId={readPrefillId(params.get('character'))}
      cloneOrderId={readPrefillId(params.get('clone'))}
      fromBookId={readPrefillId(params.get('book'))}
    />
  );
}

/** The wizard has its own header and step bar: a layout may leave out the shop's own (see the report). */
export const handle = { layout: 'focused' } as const;
