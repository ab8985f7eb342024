import { expect, test, type APIRequestContext, type APIResponse, type BrowserContext, type Page } from '@playwright/test';
import { applicationPath } from '@pmw/contract/hiring';
import { loginPartner, openLive, opsRequest, outboxOtpAfter } from './helpers';

// Ops write a category, an employer, two projects, a lead form and the feedback page's instructions in
// English and Hindi through the console (its screens once, its API for the rest), leaving some texts
// without Hindi; then each page a person reads shows a Hindi reader the Hindi where it was written and
// the English where it was not. Everything here is this spec's own (made with a run number), so it
// depends on no other spec and changes nothing another spec reads.

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ mode: 'serial' });

const n = Date.now() % 100_000;
const EN = {
  category: `Gold Loans ${n}`,
  employer: `Kanak Finance ${n}`,
  title: `Kanak Gold Loan ${n}`,
  tagLine: 'Gold loan in thirty minutes',
  feature: 'Lowest interest on gold',
  featureNoHindi: 'Doorstep gold pickup',
  payoutText: 'Earn ₹400 per gold loan',
  mobile: 'Borrower Mobile',
  name: 'Borrower Name',
  namePlaceholder: 'Name as on the Aadhaar card',
  weight: 'Gold Weight',
  weightOptions: ['Under ten grams', 'Ten to fifty grams'],
  branch: 'Landmark',
  instruction: 'Check the purity slip before you share the code',
  job: `Vault Guard ${n}`,
  jobRewards: 'Earn ₹900 for each guard who joins',
  jobFeature: 'Night shift allowance',
  jobFeatureNoHindi: 'Free uniform',
  jobTagLine: 'Guard the city vault at night',
  jobDescription: 'Watch the vault cameras and log every visitor',
};
const HI = {
  category: `गोल्ड लोन ${n}`,
  employer: `कनक फ़ाइनेंस ${n}`,
  title: `कनक गोल्ड लोन ${n}`,
  feature: 'सोने पर सबसे कम ब्याज',
  payoutText: 'हर गोल्ड लोन पर ₹400 कमाएँ',
  mobile: 'उधार लेने वाले का मोबाइल',
  name: 'उधार लेने वाले का नाम',
  namePlaceholder: 'आधार कार्ड पर लिखा नाम',
  weight: 'सोने का वज़न',
  weightOptions: ['दस ग्राम से कम', 'दस से पचास ग्राम'],
  instruction: 'कोड बताने से पहले शुद्धता की पर्ची देख लें',
  job: `वॉल्ट गार्ड ${n}`,
  jobRewards: 'जुड़ने वाले हर गार्ड पर ₹900 कमाएँ',
  jobFeature: 'रात की शिफ़्ट का भत्ता',
  jobDescription: 'तिजोरी के कैमरे देखें और हर आने वाले का नाम लिखें',
};
/** English words ops wrote that have Hindi beside them: none may be left on a Hindi reader's page. */
const TRANSLATED = [
  EN.category,
  EN.employer,
  EN.title,
  EN.feature,
  EN.payoutText,
  EN.mobile,
  EN.name,
  EN.namePlaceholder,
  EN.weight,
  ...EN.weightOptions,
  EN.instruction,
  EN.job,
  EN.jobRewards,
  EN.jobFeature,
  EN.jobDescription,
];

let ops: APIRequestContext;
let leadJob: number;
let hiringJob: number;
let hiringLocation: number;
const customerMobile = `97${String(Date.now()).slice(-8)}`;

async function hindi(context: BrowserContext) {
  await context.addCookies([{ name: 'pmw_lang', value: 'hi', url: process.env.E2E_BASE_URL! }]);
}

/** What a Hindi reader sees has none of the English that has Hindi written beside it. */
async function expectNoTranslatedEnglish(page: Page) {
  const screen = await page.locator('body').innerText();
  for (const english of TRANSLATED) expect(screen, english).not.toContain(english);
}

async function noSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test.beforeAll(async ({ playwright, baseURL }) => {
  ops = await opsRequest(playwright, baseURL!);
  const ok = async (res: Promise<APIResponse>) => {
    const r = await res;
    expect(r.ok(), await r.text()).toBe(true);
    return (await r.json()).data;
  };
  const category = await ok(
    ops.post('/api/v2/ops/categories', { data: { title: EN.category, translations: { hi: { name: HI.category } } } }),
  );
  const employer = await ok(
    ops.post('/api/v2/ops/employers', { data: { employer_name: EN.employer, translations: { hi: { name: HI.employer } } } }),
  );
  // The lead project: its title and the feedback instructions get their Hindi on the console's screen below.
  const project = await ok(
    ops.post('/api/v2/ops/projects', {
      data: {
        employer_id: employer.employer_id,
        job_category_id: category.job_category_id,
        job_title: EN.title,
        tag_line: EN.tagLine,
        payout_paise: 40_000,
        payout_text: EN.payoutText,
        features: [EN.feature, EN.featureNoHindi],
        customer_features: [EN.feature, EN.featureNoHindi],
        consumer_instruction: `<p>${EN.instruction}</p>`,
        asks_merchant_feedback: true,
        duplicate_window_days: 30,
        validity_days: 20,
        // No Hindi tag line, and the second feature without Hindi: those stay English.
        translations: { hi: { payout_text: HI.payoutText, features: [HI.feature, ''], customer_features: [HI.feature, ''] } },
      },
    }),
  );
  leadJob = project.job_id;
  await ok(
    ops.put(`/api/v2/ops/projects/${leadJob}/form`, {
      data: {
        is_otp_required: true,
        inputs: [
          {
            input_id: 1,
            label: EN.mobile,
            input_type: 'NUMBER',
            input_category: 'MOBILE',
            validation: { required: true },
            is_primary: true,
            translations: { hi: { label: HI.mobile } },
          },
          {
            input_id: 2,
            label: EN.name,
            input_type: 'TEXT',
            placeholder: EN.namePlaceholder,
            validation: { required: true },
            translations: { hi: { label: HI.name, placeholder: HI.namePlaceholder } },
          },
          {
            input_id: 3,
            label: EN.weight,
            input_type: 'DROPDOWN',
            input_enum: EN.weightOptions,
            validation: { required: true },
            translations: { hi: { label: HI.weight, options: HI.weightOptions } },
          },
          // No Hindi at all: its label stays English.
          { input_id: 4, label: EN.branch, input_type: 'TEXT', validation: { required: false } },
        ],
      },
    }),
  );
  // A hiring project for the job page and Available Projects.
  const hiring = await ok(
    ops.post('/api/v2/ops/projects', {
      data: {
        employer_id: employer.employer_id,
        job_category_id: 6,
        job_title: EN.job,
        payout_paise: 90_000,
        rewards: EN.jobRewards,
        features: [EN.jobFeature, EN.jobFeatureNoHindi],
        perks: [EN.jobFeature, EN.jobFeatureNoHindi],
        tag_line: EN.jobTagLine,
        description: EN.jobDescription,
        duplicate_window_days: 30,
        validity_days: 30,
        locations: [{ city: 'Pune', address: 'Kanak Vault, FC Road', pincode: '411004' }],
        // No Hindi tag line, and the second feature and perk without Hindi: those stay English.
        translations: {
          hi: {
            job_title: HI.job,
            rewards: HI.jobRewards,
            features: [HI.jobFeature, ''],
            perks: [HI.jobFeature, ''],
            description: HI.jobDescription,
          },
        },
      },
    }),
  );
  hiringJob = hiring.job_id;
  hiringLocation = hiring.locations[0].job_location_id;
});

test.afterAll(async () => {
  await ops?.dispose();
});

test('ops write the Hindi title and the feedback instructions on the project’s console screen', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/ops/');
  await page.getByLabel('Mobile Number').fill('9876500100');
  const since = Date.now();
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('OTP', { exact: true }).fill(await outboxOtpAfter(page.request, '9876500100', since));
  await page.getByRole('button', { name: 'Submit OTP' }).click();
  await expect(page.getByRole('navigation', { name: 'Console sections' })).toBeVisible();
  await page.goto(`/ops/projects/${leadJob}`);
  await expect(page.getByLabel('Job title', { exact: true })).toHaveValue(EN.title);
  // What the API wrote is there beside its English.
  await expect(page.getByLabel('Payout text in Hindi', { exact: true })).toHaveValue(HI.payoutText);
  await page.getByLabel('Job title in Hindi', { exact: true }).fill(HI.title);
  await page.getByLabel('Feedback page instructions for merchants (HTML) in Hindi', { exact: true }).fill(`<p>${HI.instruction}</p>`);
  await page.getByRole('button', { name: 'Save project' }).click();
  await expect(page.getByText('Project saved')).toBeVisible();
  await context.close();

  // The console's API answers what the screen wrote.
  const saved = (await (await ops.get(`/api/v2/ops/projects/${leadJob}`)).json()).data;
  expect(saved.translations.hi).toMatchObject({
    job_title: HI.title,
    payout_text: HI.payoutText,
    consumer_instruction: `<p>${HI.instruction}</p>`,
  });
});

test('campaign page: the partner’s list and the product link read in Hindi, with the form’s refusal naming the Hindi label', async ({
  page,
  context,
}) => {
  await hindi(context);
  await openLive(page, '/utm/asha01');
  const region = page.getByRole('region', { name: HI.category });
  await expect(region).toBeVisible();
  const showAll = region.getByRole('button', { name: 'सभी देखें' });
  if (await showAll.count()) await showAll.click();
  await expect(region.getByRole('link', { name: `अभी लें: ${HI.title}` })).toBeVisible();
  const card = region.getByRole('listitem').filter({ has: page.getByRole('heading', { name: HI.title }) });
  await expect(card.getByText(HI.employer)).toBeVisible();
  await expect(card.getByText(HI.feature)).toBeVisible();
  // Where ops wrote no Hindi, the English.
  await expect(card.getByText(EN.featureNoHindi)).toBeVisible();
  await expect(card.getByText(EN.tagLine)).toBeVisible();
  await expectNoTranslatedEnglish(page);

  await openLive(page, `/utm/asha01/${leadJob}`);
  await expect(page.getByRole('heading', { name: HI.title }).first()).toBeVisible();
  await page.getByRole('button', { name: 'जानकारी' }).click();
  const details = page.getByRole('dialog');
  await expect(details.getByText(HI.feature)).toBeVisible();
  await expect(details.getByText(EN.featureNoHindi)).toBeVisible();
  await expectNoTranslatedEnglish(page);
  await details.getByRole('button', { name: 'बंद करें' }).click();
  const name = page.getByLabel(HI.name);
  await expect(name).toHaveAttribute('placeholder', HI.namePlaceholder);
  await expect(page.getByLabel(HI.weight).locator('option', { hasText: HI.weightOptions[1]! })).toHaveCount(1);
  await expect(page.getByLabel(EN.branch)).toBeVisible();

  await page.getByLabel(HI.mobile).fill(customerMobile);
  await page.getByRole('button', { name: 'जमा करें' }).click();
  await expect(page.getByText(`${HI.name} ज़रूरी है`).first()).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expectNoTranslatedEnglish(page);
  await noSideScroll(page);
  await shot(page, 'campaign-hindi-content-390');

  // The customer finishes the lead (the Leads Report and the feedback page below read it).
  await name.fill('Sunita Pawar');
  await page.getByLabel(HI.weight).selectOption({ label: HI.weightOptions[1]! });
  const since = Date.now();
  await page.getByRole('button', { name: 'जमा करें' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('OTP', { exact: true }).fill(await outboxOtpAfter(page.request, customerMobile, since));
  await dialog.getByRole('button', { name: 'वेरिफ़ाई करें' }).click();
  await expect(page.getByRole('dialog', { name: 'वेरिफ़िकेशन हो गया' })).toBeVisible();

  // The same customer again: the refusal stays at the form, naming the project in Hindi.
  await openLive(page, `/utm/asha01/${leadJob}`);
  await page.getByLabel(HI.mobile).fill(customerMobile);
  await page.getByLabel(HI.name).fill('Sunita Pawar');
  await page.getByLabel(HI.weight).selectOption({ label: HI.weightOptions[0]! });
  const again = Date.now();
  await page.getByRole('button', { name: 'जमा करें' }).click();
  const otpAgain = page.getByRole('dialog').getByLabel('OTP', { exact: true });
  const refusal = page.getByRole('alert').filter({ hasText: `${customerMobile} की लीड` });
  await expect(otpAgain.or(refusal)).toBeVisible();
  if (await otpAgain.isVisible()) {
    await otpAgain.fill(await outboxOtpAfter(page.request, customerMobile, again));
    await page.getByRole('dialog').getByRole('button', { name: 'वेरिफ़ाई करें' }).click();
  }
  await expect(refusal).toContainText(HI.title);
  await expectNoTranslatedEnglish(page);
});

test('team area: the member’s project list and lead form in Hindi', async ({ page, context }) => {
  await page.goto('/mt/TEAM01');
  await page.getByLabel('Name').fill('Meena Devi');
  await page.getByLabel('Mobile Number').fill('9876500011');
  const before = Date.now();
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByLabel('OTP', { exact: true }).fill(await outboxOtpAfter(page.request, '9876500011', before));
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Hi Meena')).toBeVisible();
  await hindi(context);
  await page.reload();
  await page
    .getByRole('button', { name: HI.category })
    .or(page.getByRole('tab', { name: HI.category }))
    .first()
    .click();
  await expect(page.getByRole('heading', { name: HI.title })).toBeVisible();
  await expectNoTranslatedEnglish(page);
  await noSideScroll(page);
  await page.getByRole('button', { name: `जोड़ें: ${HI.title}` }).click();
  await expect(page.getByRole('heading', { name: `लीड जोड़ें: ${HI.title}` })).toBeVisible();
  await expect(page.getByLabel(HI.name)).toHaveAttribute('placeholder', HI.namePlaceholder);
  await expect(page.getByLabel(EN.branch)).toBeVisible();
  await page.getByRole('button', { name: 'जमा करें' }).click();
  await expect(page.getByText(`${HI.name} ज़रूरी है`)).toBeVisible();
  await expect(page.getByText(`${HI.weight} ज़रूरी है`)).toBeVisible();
  await expectNoTranslatedEnglish(page);
  await noSideScroll(page);
  await shot(page, 'team-hindi-content-390');
});

test('partner portal: Available Projects and the Leads Report in Hindi', async ({ page, context }) => {
  await loginPartner(page, '9876500001');
  await hindi(context);
  await page.goto('/partner/projects');
  await page.getByLabel('प्रोजेक्ट खोजें').fill(String(n));
  const card = page.getByRole('article', { name: HI.job });
  await expect(card).toBeVisible();
  await expect(card.getByText(HI.jobFeature)).toBeVisible();
  await expect(card.getByText(EN.jobFeatureNoHindi)).toBeVisible();
  await expectNoTranslatedEnglish(page);
  await noSideScroll(page);
  await shot(page, 'partner-projects-hindi-content-390');

  await page.goto(`/partner/report?job_id=${leadJob}`);
  await expect(page.getByText('Sunita Pawar').first()).toBeVisible();
  // The report's input columns are the form's labels in Hindi (the one without Hindi in English), and an
  // option's answer, stored as its English value, is named in Hindi.
  const lead = page.getByRole('list', { name: 'लीड रिपोर्ट' }).getByRole('listitem').filter({ hasText: 'Sunita Pawar' });
  await expect(lead.getByRole('term').filter({ hasText: HI.weight })).toBeVisible();
  await expect(lead.getByRole('definition').filter({ hasText: HI.weightOptions[1]! })).toBeVisible();
  await expect(lead.getByRole('term').filter({ hasText: EN.branch })).toBeVisible();
  await expectNoTranslatedEnglish(page);
  await noSideScroll(page);
  await shot(page, 'partner-report-hindi-content-390');
});

test('job page: the hiring project in Hindi, English where no Hindi was written', async ({ page, context }) => {
  await hindi(context);
  await openLive(page, applicationPath({ job_id: hiringJob, job_location_id: hiringLocation, recruiter_id: 101 }));
  await expect(page.getByRole('heading', { name: HI.job, level: 1 })).toBeVisible();
  await expect(page.getByText(HI.jobFeature).first()).toBeVisible();
  await expect(page.getByText(HI.jobDescription)).toBeVisible();
  await expect(page.getByText(HI.employer).first()).toBeVisible();
  // Where ops wrote no Hindi, the English.
  await expect(page.getByText(EN.jobFeatureNoHindi).first()).toBeVisible();
  await expect(page.getByText(EN.jobTagLine)).toBeVisible();
  await expect(page.getByRole('link', { name: 'अभी आवेदन करें' })).toBeVisible();
  await expectNoTranslatedEnglish(page);
  await noSideScroll(page);
  await shot(page, 'job-page-hindi-content-390');
});

test('feedback page: the merchant of an approved lead reads the instructions ops wrote in Hindi', async ({ page, context }) => {
  const queue = (await (await ops.get(`/api/v2/ops/leads?job_id=${leadJob}`)).json()).data as { rows: { form_response_id: number }[] };
  const lead = queue.rows[0]!.form_response_id;
  const since = Date.now();
  expect((await ops.post('/api/v2/ops/leads/approve', { data: { form_response_ids: [lead] } })).ok()).toBe(true);
  // The approval texts the merchant (the lead's mobile) the page's link, once its undo window has passed.
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const sent = (await (await page.request.get(`/api/v2/dev/outbox?mobile=${customerMobile}`)).json()).data as {
          text: string;
          created_on: string;
        }[];
        link = sent
          .filter((s) => new Date(s.created_on).getTime() >= since)
          .map((s) => /\/fb\/\S+/.exec(s.text)?.[0])
          .find(Boolean);
        return link;
      },
      { timeout: 30_000 },
    )
    .toBeTruthy();
  await hindi(context);
  await openLive(page, link!);
  await expect(page.getByText(HI.instruction)).toBeVisible();
  await expect(page.getByText('हमारे पार्टनर को रेटिंग दें')).toBeVisible();
  await expectNoTranslatedEnglish(page);
  await noSideScroll(page);
  await shot(page, 'feedback-hindi-content-390');
});
