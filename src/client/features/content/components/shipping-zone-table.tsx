import type { ShippingZoneRow } from '../use-shipping-zones';

type ShippingZoneTableProps = {
  zones: ShippingZoneRow[];
  labels: { caption: string; destination: string; price: string; delivery: string };
  /** "2–3 working days" in the page's words. */
  deliveryText: (zone: ShippingZoneRow) => string;
};

/** Shipping price and delivery time per zone, from the shared shipping table. */
export function ShippingZoneTable({ zones, labels, deliveryText }: ShippingZoneTableProps) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-sand-300 bg-cream-50">
      <table className="w-full border-collapse text-left text-base">
        <caption className="sr-only">{labels.caption}</caption>
        <thead className="bg-cream-200 text-sm text-ink-900">
          <tr>
            <th scope="col" className="px-4 py-3 font-bold">
              {labels.destination}
            </th>
            <th scope="col" className="px-4 py-3 font-bold whitespace-nowrap">
              {labels.price}
            </th>
            {/* On a phone the delivery time moves under the price, so three columns never get cramped. */}
            <th scope="col" className="hidden px-4 py-3 font-bold sm:table-cell">
              {labels.delivery}
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
