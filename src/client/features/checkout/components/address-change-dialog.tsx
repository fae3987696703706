import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type Order, ShippingAddressSchema } from '../../../../shared/contracts/checkout';
import { AddressLinesFields } from '../../../components/address/address-lines-fields';
import { useLanguage } from '../../../components/layout/use-language';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { codeOf } from '../../../lib/api-client';
import { countryName } from '../../../lib/format';
import { useZodForm } from '../../../lib/use-zod-form';
import { useChangeOrderAddress } from '../api/change-order';
import { postcodeMessage } from '../lib/postcode-message';

type Line = 'address' | 'city' | 'postalCode' | 'region';

/**
 * The parent changes the delivery address in the grace period (issue 36): the lines checked by the
 * checkout's own schema for the order's country (which stays); the server checks again and may
 * answer that the book has gone to the printer meanwhile. Loaded when first opened.
 */
export default function AddressChangeDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation(['checkout', 'errors']);
  const { language } = useLanguage();
  const change = useChangeOrderAddress(order.id);
  const form = useZodForm(ShippingAddressSchema, { ...order.shipping });
  const { errors } = form.formState;
  const problem = (line: Line) => {
    const error = errors[line];
    if (!error) return undefined;
    if (line === 'postalCode' && form.getValues('postalCode').trim() !== '') {
      const wrong = postcodeMessage(order.shipping.country, language, 'details');
      if (wrong) return t(wrong.key, wrong.values);
    }
    const empty = (form.getValues(line) ?? '').trim() === '';
    return t(`details.errors.${empty ? 'required' : 'invalid'}.${line}`);
  };
  const submit = form.handleSubmit(({ address, city, postalCode, region }) =>
    change.mutate(
      { address, city, postalCode, region },
      {
        onSuccess: () => {
          toast.success(t('confirmation.grace.addressChanged'));
          onClose();
        },
      },
    ),
  );
  const code = codeOf(change.error);
  const serverProblem = change.isError
    ? t(`errors:codes.${code ?? 'ORDER_CREATE_FAILED'}` as 'errors:codes.ORDER_GRACE_OVER', {
        defaultValue: t('confirmation.grace.failed'),
      })
    : null;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('confirmation.grace.addressTitle')}
      description={t('confirmation.grace.addressDescription')}
      dismissible={!change.isPending}
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        {serverProblem && <ProblemAlert>{serverProblem}</ProblemAlert>}
        <AddressLinesFields
          country={order.shipping.country}
          field={(line) => form.field(line)}
          problem={problem}
          region={form.watch('region') ?? ''}
          onRegionChange={(value) => form.setValue('region', value, { shouldValidate: true })}
          note={t('confirmation.grace.countryStays', {
            country: countryName(order.shipping.country, language),
          })}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose} disabled={change.isPending}>
            {t('confirmation.grace.keepAddress')}
          </Button>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending && <Loader2 aria-hidden="true" className="size-5 motion-safe:animate-spin" />}
            {t('confirmation.grace.saveAddress')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
