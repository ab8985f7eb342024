import { and, eq, sql } from 'drizzle-orm';
import { REFERENCE_CATEGORIES } from '@pmw/contract/catalogue';
import type { Services } from '../app';
import {
  campaigns,
  documents,
  employers,
  jobCategories,
  jobLocations,
  jobPincodes,
  jobs,
  opsAgents,
  taskForms,
  users,
} from '../db/schema/index';
import { CATEGORIES, EMPLOYERS, FORMS, JOBS, MERCHANT_INSTRUCTION, MERCHANT_INSTRUCTION_JOBS } from './catalog-data';
import { CATEGORY_HI, EMPLOYER_HI, formHi, inputWithHindi, nameHi, projectHi } from './catalog-data.hi';
import { DEMO } from './demo-ids';

const slug = (s: string, id: number) =>
  `${s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}-${id}`;

/** People, catalogue and forms every area relies on. */
import { documentNumberHash } from '../lib/crypto';

export async function seedCore(services: Services): Promise<void> {
  const { db, cipher } = services;
  await db.transaction(async (tx) => {
    await tx
      .insert(users)
      .values([
        {
          user_id: DEMO.opsAgent.user_id,
          mobile: DEMO.opsAgent.mobile,
          first_name: DEMO.opsAgent.first_name,
          last_name: DEMO.opsAgent.last_name,
          email: 'priya.ops@pickmywork.example',
        },
        {
          user_id: DEMO.asha.user_id,
          mobile: DEMO.asha.mobile,
          first_name: DEMO.asha.first_name,
          last_name: DEMO.asha.last_name,
          email: 'asha.verma@example.com',
          gender: 2,
          zip_code: '560034',
          city: 'Bengaluru',
          state: 'Karnataka',
          permanent_address: '14, 5th Cross, Koramangala 4th Block',
        },
        {
          user_id: DEMO.ravi.user_id,
          mobile: DEMO.ravi.mobile,
          first_name: DEMO.ravi.first_name,
          last_name: DEMO.ravi.last_name,
          gender: 1,
          zip_code: '110092',
          city: 'Delhi',
          state: 'Delhi',
        },
      ])
      .onConflictDoNothing();
    await tx.insert(opsAgents).values({ user_id: DEMO.opsAgent.user_id, role: 'admin' }).onConflictDoNothing();
    await tx.insert(campaigns).values({ utm_code: DEMO.asha.utm_code, user_id: DEMO.asha.user_id }).onConflictDoNothing();

    const pan = 'AKXPV4821M';
    const aadhaar = '498712345605';
    await tx
      .insert(documents)
      .values([
        {
          user_id: DEMO.asha.user_id,
          type: 'PAN',
          number_enc: cipher.encrypt(pan),
          number_last4: pan.slice(-4),
          number_hash: documentNumberHash(services.config.secretKey, 'PAN', pan),
          status: 1,
        },
        { user_id: DEMO.asha.user_id, type: 'AADHAAR', number_enc: cipher.encrypt(aadhaar), number_last4: aadhaar.slice(-4), status: 1 },
      ])
      .onConflictDoNothing();

    await tx
      .insert(jobCategories)
      .values(CATEGORIES.map((c) => ({ ...c, translations: nameHi(CATEGORY_HI, c.job_category_id) })))
      .onConflictDoNothing();
    // The reference categories came with the migration, in English only: the demo writes their Hindi where nobody has.
    for (const c of REFERENCE_CATEGORIES) {
      await tx
        .update(jobCategories)
        .set({ translations: nameHi(CATEGORY_HI, c.job_category_id) })
        .where(and(eq(jobCategories.job_category_id, c.job_category_id), sql`${jobCategories.translations} = '{}'::jsonb`));
    }
    await tx
      .insert(employers)
      .values(EMPLOYERS.map((e) => ({ ...e, translations: nameHi(EMPLOYER_HI, e.employer_id) })))
      .onConflictDoNothing();
    for (const job of JOBS) {
      const { form, payout_rupees, locations, pincodes, otp_required, ...fields } = job;
      await tx
        .insert(jobs)
        .values({
          ...fields,
          slug_name: slug(job.job_title, job.job_id),
          payout_paise: payout_rupees * 100,
          payout_prefix: 'Earn',
          payout_text: `₹${payout_rupees.toLocaleString('en-IN')} per approved lead`,
          description: fields.description ?? `${job.job_title}: help customers apply and earn on every approved lead.`,
          customer_tnc:
            fields.customer_tnc ?? 'The provider decides approval. Your details are shared only with the provider for this application.',
          customer_criteria: fields.customer_criteria ?? job.criteria ?? null,
          customer_features: fields.customer_features ?? job.features ?? [],
          consumer_instruction: MERCHANT_INSTRUCTION_JOBS.has(job.job_id) ? MERCHANT_INSTRUCTION : null,
          translations: projectHi(job.job_id, payout_rupees),
        })
        .onConflictDoNothing();
      await tx
        .insert(taskForms)
        .values({
          form_id: job.job_id,
          job_id: job.job_id,
          inputs: FORMS[form]!.map(inputWithHindi),
          is_otp_required: otp_required ?? true,
          description: `Lead form for ${job.job_title}`,
          translations: formHi(job.job_id),
        })
        .onConflictDoNothing();
      if (locations) {
        await tx
          .insert(jobLocations)
          .values(locations.map((l, i) => ({ job_location_id: job.job_id * 10 + i + 1, job_id: job.job_id, ...l })))
          .onConflictDoNothing();
      }
      const pins = new Set([...(pincodes ?? []), ...(locations ?? []).map((l) => l.pincode)]);
      if (pins.size) {
        await tx
          .insert(jobPincodes)
          .values([...pins].map((pincode) => ({ job_id: job.job_id, pincode })))
          .onConflictDoNothing();
      }
    }
  });
}
