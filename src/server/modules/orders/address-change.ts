import { type AddressChange, ShippingAddressSchema } from '../../../shared/contracts/checkout';
import type { StoredAddress } from '../../db/schema';

/** The lines of a delivery address that can change after payment: the country stays (issue 36). */
export const ADDRESS_LINES = ['address', 'city', 'postalCode', 'region'] as const;
type AddressLine = (typeof ADDRESS_LINES)[number];

/**
 * A paid order's address with a change laid over it, checked against the order's own country by
 * the shared schema (postcode and state), and the lines that changed; undefined when the change
 * does not fit the country. Used by the parent in the grace period and by the console.
 */
export function changedAddress(
  current: Partial<StoredAddress>,
  change: AddressChange,
): { address: Partial<StoredAddress>; changed: AddressLine[] } | undefined {
  const checked = ShippingAddressSchema.safeParse({
    address: change.address,
    city: change.city,
    postalCode: change.postalCode,
    region: change.region,
    country: current.country,
  });
  if (!checked.success) return undefined;
  const changed = ADDRESS_LINES.filter((line) => (current[line] ?? '') !== checked.data[line]);
  return { address: { ...current, ...checked.data }, changed };
}
