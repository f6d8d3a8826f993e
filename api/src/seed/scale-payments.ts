/** The scale seed's payment set-up: every company can pay every vendor by bank file. */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companyPaymentSettings } from '../db/schema';
import { encryptSecret } from '../security/token-cipher';
import { VENDORS } from './data';
import { paymentSettingsFor, randomRoutingNumber } from './payments';
import { createRandom } from './random';
import { rowsOf } from './scale-load';

/**
 * Every company without originator settings gets them (as the demo's), and every company a bank
 * account for each of the 15 vendors, so approving a generated approval writes a real bank file.
 */
export async function insertPaymentAccounts(db: Db, bankAccountKey: Buffer): Promise<void> {
  const random = createRandom(4_242);
  const missing = rowsOf<{ id: number; name: string }>(
    await db.execute(sql`
      select c.id, c.name from companies c
      where not exists (select 1 from company_payment_settings s where s.company_id = c.id)
      order by c.id`),
  );
  for (let start = 0; start < missing.length; start += 1000) {
    const chunk = missing.slice(start, start + 1000);
    await db
      .insert(companyPaymentSettings)
      .values(
        chunk.map((company, index) => paymentSettingsFor(company, start + index, random, bankAccountKey)),
      );
  }
  // One account per vendor (its number encrypted once), for every company that lacks it.
  const accounts = VENDORS.map((vendor, index) => {
    const number = String(random.int(10_000_000, 99_999_999)) + String(random.int(10, 9999));
    return {
      ref: String(index + 1),
      name: vendor.name,
      routing: randomRoutingNumber(random),
      enc: encryptSecret(number, bankAccountKey),
      last4: number.slice(-4),
      type: index % 4 === 3 ? 'savings' : 'checking',
    };
  });
  await db.execute(sql`
    insert into vendor_bank_accounts (company_id, vendor_ref, vendor_name, routing_number, account_number_enc, account_last4, account_type, confirmed_at)
    select c.id, v.ref, v.name, v.routing, v.enc, v.last4, v.type::bank_account_type, now()
    from companies c
    cross join jsonb_to_recordset(${JSON.stringify(accounts)}::jsonb)
      as v(ref text, name text, routing text, enc text, last4 text, type text)
    on conflict (company_id, vendor_ref) do nothing
  `);
}
