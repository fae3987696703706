-- The Swiss VAT on printed books (docs/decisions/013-express-vat-promo-codes.md): the reduced rate, 2.5 % until 2023 and 2.6 % since 2024-01-01; shipping follows the books it carries. The placeholder row of 2000 gives way to them; a rate an operator already set for one of these days is kept.
DELETE FROM "tax_rates" WHERE "country" = 'CH' AND "valid_from" = '2000-01-01' AND "rate_basis_points" = 770;--> statement-breakpoint
INSERT INTO "tax_rates" ("country", "valid_from", "rate_basis_points") VALUES
  ('CH', '2011-01-01', 250), ('CH', '2024-01-01', 260)
ON CONFLICT ("country", "valid_from") DO NOTHING;
