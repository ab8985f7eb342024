import { HIRING_CATEGORY_ID } from '@pmw/contract/catalogue';

/** Fixed identifiers of the demo data. The README documents them; tests rely on them. */
export const DEMO = {
  asha: { user_id: 101, mobile: '9876500001', first_name: 'Asha', last_name: 'Verma', utm_code: 'asha01' },
  ravi: { user_id: 102, mobile: '9876500002', first_name: 'Ravi', last_name: 'Kumar' },
  opsAgent: { user_id: 100, mobile: '9876500100', first_name: 'Priya', last_name: 'Nair' },
  jobs: { creditFlow: [351, 377], employer120Visible: [355, 294], employer120Hidden: [356] },
  employer120: 120,
  hiringCategory: HIRING_CATEGORY_ID,
} as const;
