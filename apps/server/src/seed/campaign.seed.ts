import type { Services } from '../app';
import { jobPincodes, jobs, taskForms } from '../db/schema/index';
import { FORMS, type SeedJob } from './catalog-data';
import { formHi, inputWithHindi, projectHi } from './catalog-data.hi';

/**
 * More products for the campaign page (fixed ids 400 to 420), so asha01's page
 * has a category with more than 9 cards and Show All to press. Each has a
 * provider link the customer is sent to after the lead (.example hosts never resolve).
 */
type CampaignProduct = Pick<
  SeedJob,
  'job_id' | 'employer_id' | 'job_category_id' | 'job_title' | 'form' | 'payout_rupees' | 'is_credit_flow' | 'credit_rules'
> &
  Required<Pick<SeedJob, 'tag_line' | 'features' | 'criteria'>> & { redirect_link: string };

const card = (
  job_id: number,
  employer_id: number,
  job_title: string,
  payout_rupees: number,
  tag_line: string,
  features: string[],
  host: string,
): CampaignProduct => ({
  job_id,
  employer_id,
  job_category_id: 1,
  job_title,
  form: 'card',
  payout_rupees,
  tag_line,
  features,
  criteria: 'Age_21 to 60 years;;Income_₹20,000 a month or more;;Credit Score_700+',
  redirect_link: `https://apply.${host}.example/card/${job_id}`,
});

export const CAMPAIGN_PRODUCTS: CampaignProduct[] = [
  card(
    400,
    1,
    'Sahyog Millennia Credit Card',
    1000,
    'Cashback on every online order',
    ['5% cashback on shopping apps', '1% on everything else', 'Free for the first year'],
    'sahyogbank',
  ),
  card(
    401,
    1,
    'Sahyog Travel Credit Card',
    1400,
    'Miles on flights and hotels',
    ['4 miles per ₹100', '8 lounge visits a year', 'Low forex markup'],
    'sahyogbank',
  ),
  card(
    402,
    2,
    'Nirmal Easy EMI Card',
    800,
    'Buy now, pay in easy EMIs',
    ['No-cost EMI at 5,000 stores', 'Instant approval', 'Zero joining fee'],
    'nirmalfinance',
  ),
  card(
    403,
    2,
    'Nirmal Student Credit Card',
    500,
    'A first card for students',
    ['Against a fixed deposit', 'Builds your credit score', 'No income proof'],
    'nirmalfinance',
  ),
  card(
    404,
    8,
    'Kisan Rupay Credit Card',
    600,
    'UPI payments on credit',
    ['Link to any UPI app', 'Fuel surcharge waiver', 'Lifetime free'],
    'kisancredit',
  ),
  card(
    405,
    5,
    'PaySetu Co-branded Card',
    900,
    'Rewards on every PaySetu payment',
    ['10% back on bill payments', 'Welcome voucher ₹500', 'Contactless'],
    'paysetu',
  ),
  card(
    406,
    1,
    'Sahyog Secured Credit Card',
    400,
    'A card against your fixed deposit',
    ['Approval for everyone', 'Earns FD interest', 'Limit up to 90% of the FD'],
    'sahyogbank',
  ),
  card(
    407,
    6,
    'Swiftcart Shopping Card',
    700,
    'Extra savings on groceries',
    ['7.5% off on Swiftcart', 'Free delivery', 'Monthly vouchers'],
    'swiftcart',
  ),
  card(
    408,
    7,
    'QuickKart Rewards Card',
    650,
    'Points on every store visit',
    ['5 points per ₹100 at QuickKart', 'Birthday bonus', 'No annual fee'],
    'quickkart',
  ),
  {
    ...card(
      409,
      2,
      'Nirmal Premium Credit Card',
      1800,
      'Premium card with a credit-profile check',
      ['Unlimited lounge access', 'Golf privileges', '2% forex markup'],
      'nirmalfinance',
    ),
    form: 'loan',
    is_credit_flow: true,
    credit_rules: { min_income: 50000, min_score: 750, min_age: 25, max_age: 60 },
    criteria: 'Age_25 to 60 years;;Income_₹50,000 a month or more;;Credit Score_750+',
  },
  {
    job_id: 410,
    employer_id: 4,
    job_category_id: 5,
    job_title: 'Tijori Gold ETF Account',
    form: 'demat',
    payout_rupees: 300,
    tag_line: 'Invest in gold from ₹100',
    features: ['No locker needed', 'Sell any day', 'Zero account fee'],
    criteria: 'Age_18+;;Documents_PAN',
    redirect_link: 'https://open.tijori.example/gold/410',
  },
  {
    job_id: 411,
    employer_id: 3,
    job_category_id: 4,
    job_title: 'Arogya Personal Accident Cover',
    form: 'insurance',
    payout_rupees: 200,
    tag_line: '₹10 lakh cover from ₹99 a month',
    features: ['Covers disability', 'Worldwide cover', 'No medical test'],
    criteria: 'Age_18 to 65 years',
    redirect_link: 'https://buy.arogya.example/accident/411',
  },
];

const slug = (s: string, id: number) =>
  `${s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}-${id}`;
const PINS = ['560001', '560034', '400001', '110001', '411001', '500001', '600001', '700001'];

export async function seedCampaign(services: Services): Promise<void> {
  const { db } = services;
  await db.transaction(async (tx) => {
    for (const p of CAMPAIGN_PRODUCTS) {
      await tx
        .insert(jobs)
        .values({
          job_id: p.job_id,
          employer_id: p.employer_id,
          job_category_id: p.job_category_id,
          job_title: p.job_title,
          slug_name: slug(p.job_title, p.job_id),
          rewards: `Earn up to ₹${p.payout_rupees.toLocaleString('en-IN')}`,
          criteria: p.criteria,
          features: p.features,
          payout_prefix: 'Earn',
          payout_text: `₹${p.payout_rupees.toLocaleString('en-IN')} per approved lead`,
          payout_paise: p.payout_rupees * 100,
          tag_line: p.tag_line,
          description: `${p.job_title}: help customers apply and earn on every approved lead.`,
          customer_tnc: 'The provider decides approval. Your details are shared only with the provider for this application.',
          customer_criteria: p.criteria,
          customer_features: p.features,
          is_credit_flow: p.is_credit_flow ?? false,
          credit_rules: p.credit_rules ?? null,
          redirect_link: p.redirect_link,
          translations: projectHi(p.job_id, p.payout_rupees, true),
        })
        .onConflictDoNothing();
      await tx
        .insert(taskForms)
        .values({
          form_id: p.job_id,
          job_id: p.job_id,
          inputs: FORMS[p.form]!.map(inputWithHindi),
          is_otp_required: true,
          description: `Lead form for ${p.job_title}`,
          translations: formHi(p.job_id),
        })
        .onConflictDoNothing();
      await tx
        .insert(jobPincodes)
        .values(PINS.map((pincode) => ({ job_id: p.job_id, pincode })))
        .onConflictDoNothing();
    }
  });
}
