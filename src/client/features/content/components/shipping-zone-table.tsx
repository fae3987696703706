import { useTranslation } from 'react-i18next';
import type { ShippingZoneRow } from '../use-shipping-zones';

/** Shipping price and delivery time per zone, from the shared shipping table (the FAQ, the terms). */
export function ShippingZoneTable({ zones }: { zones: ShippingZoneRow[] }) {
  const { t } = useTranslation();
  const deliveryText = (zone: ShippingZoneRow) =>
    t('shippingTable.days', { min: zone.minDays, max: zone.maxDays });
  return (
    <div className="overflow-x-auto rounded-2xl border border-sand-300 bg-cream-50">
      <table className="w-full border-collapse text-left text-base">
        <caption className="sr-only">{t('shippingTable.caption')}</caption>
        <thead className="bg-cream-200 text-sm text-ink-900">
          <tr>
            <th scope="col" className="px-4 py-3 font-bold">
              {t('shippingTable.destination')}
            </th>
            <th scope="col" className="px-4 py-3 font-bold whitespace-nowrap">
              {t('shippingTable.price')}
            </th>
            {/* On a phone the delivery time moves under the price, so three columns never get cramped. */}
            <th scope="col" className="hidden px-4 py-3 font-bold sm:table-cell">
              {t('shippingTable.delivery')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-sand-300 text-ink-900">
          {zones.map((zone) => (
            <tr key={zone.zone}>
              <th scope="row" className="px-4 py-3 align-top font-semibold">
                {zone.countries}
              </th>
              <td className="px-4 py-3 align-top">
                <span className="whitespace-nowrap tabular-nums">{zone.price}</span>
                <span className="mt-0.5 block text-sm text-ink-700 sm:hidden">{deliveryText(zone)}</span>
              </td>
              <td className="hidden px-4 py-3 align-top sm:table-cell">{deliveryText(zone)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
