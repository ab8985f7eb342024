import { REFERENCE_CATEGORIES } from '@pmw/contract/catalogue';
import type { FormInput } from '../db/schema/projects';

/** Demo catalogue: employers, categories (the reference ones every install has, and five more) and projects with their lead forms. */
export const CATEGORIES = [
  ...REFERENCE_CATEGORIES,
  { job_category_id: 1, title: 'Credit Cards' },
  { job_category_id: 2, title: 'Loans' },
  { job_category_id: 3, title: 'Bank Accounts' },
  { job_category_id: 5, title: 'Demat & Investments' },
  { job_category_id: 7, title: 'UPI & Payments' },
];

export const EMPLOYERS = [
  { employer_id: 1, employer_name: 'Sahyog Bank', theme_color: '#1d4ed8' },
  { employer_id: 2, employer_name: 'Nirmal Finance', theme_color: '#0f766e' },
  { employer_id: 3, employer_name: 'Arogya Insurance', theme_color: '#b91c1c' },
  { employer_id: 4, employer_name: 'Tijori Securities', theme_color: '#7c3aed' },
  { employer_id: 5, employer_name: 'PaySetu', theme_color: '#ea580c' },
  { employer_id: 6, employer_name: 'Swiftcart', theme_color: '#16a34a' },
  { employer_id: 7, employer_name: 'QuickKart Retail', theme_color: '#ca8a04' },
  { employer_id: 8, employer_name: 'Kisan Credit Co', theme_color: '#65a30d' },
  { employer_id: 120, employer_name: 'Zoomride Mobility', theme_color: '#0e7490' },
];

const mobile: FormInput = {
  input_id: 1,
  label: 'Customer Mobile',
  input_type: 'NUMBER',
  input_category: 'MOBILE',
  placeholder: 'Enter 10 digit mobile number',
  validation: { required: true },
  is_primary: true,
};
const name: FormInput = {
  input_id: 2,
  label: 'Customer Name',
  input_type: 'TEXT',
  placeholder: 'Full name as on PAN',
  validation: { required: true },
};
const pan = (id: number): FormInput => ({
  input_id: id,
  label: 'PAN Number',
  input_type: 'TEXT',
  input_category: 'PAN_CARD',
  placeholder: 'ABCDE1234F',
  validation: { required: true },
});
const city = (id: number): FormInput => ({
  input_id: id,
  label: 'City',
  input_type: 'DROPDOWN',
  input_enum: ['Bengaluru', 'Mumbai', 'Delhi', 'Pune', 'Hyderabad', 'Chennai', 'Kolkata', 'Jaipur'],
  placeholder: 'Select city',
  validation: { required: true },
});
const image = (id: number, label: string, required = false, isAllowFileManager = false): FormInput => ({
  input_id: id,
  label,
  input_type: 'IMAGE',
  placeholder: label,
  validation: { required },
  isAllowFileManager,
});

export const FORMS: Record<string, FormInput[]> = {
  card: [mobile, name, pan(3), city(4), image(5, 'Application Form Photo')],
  loan: [
    mobile,
    name,
    pan(3),
    { input_id: 4, label: 'Monthly Income', input_type: 'NUMBER', placeholder: 'Monthly income in ₹', validation: { required: true } },
    {
      input_id: 5,
      label: 'Loan Amount',
      input_type: 'DROPDOWN',
      input_enum: ['Up to ₹1 lakh', '₹1-3 lakh', '₹3-5 lakh', 'Above ₹5 lakh'],
      validation: { required: true },
    },
    {
      input_id: 6,
      label: 'Salary Slip',
      input_type: 'FILE',
      placeholder: 'PDF or photo',
      validation: { required: false },
      isAllowFileManager: true,
    },
  ],
  account: [
    mobile,
    name,
    { input_id: 3, label: 'Email', input_type: 'EMAIL', placeholder: 'name@example.com', validation: { required: false } },
    image(4, 'Aadhaar Photo', false, true),
  ],
  insurance: [
    mobile,
    name,
    { input_id: 3, label: 'Age', input_type: 'NUMBER', placeholder: 'Age in years', validation: { required: true } },
    {
      input_id: 4,
      label: 'Cover',
      input_type: 'DROPDOWN',
      input_enum: ['₹5 lakh', '₹10 lakh', '₹25 lakh', '₹1 crore'],
      validation: { required: true },
    },
    image(5, 'Proposal Form Photo'),
  ],
  demat: [
    mobile,
    name,
    pan(3),
    { input_id: 4, label: 'Email', input_type: 'EMAIL', placeholder: 'name@example.com', validation: { required: true } },
  ],
  merchant: [
    mobile,
    name,
    { input_id: 3, label: 'Shop Name', input_type: 'TEXT', placeholder: 'Name on the board', validation: { required: true } },
    image(4, 'Shop Photo', true),
    {
      input_id: 5,
      label: 'Shop Location',
      input_type: 'MAP_LOCATION',
      placeholder: 'Pick the shop on the map',
      validation: { required: false },
    },
    { input_id: 6, label: 'Shop Video', input_type: 'VIDEO', placeholder: 'Short video of the shop', validation: { required: false } },
  ],
  hiring: [
    mobile,
    name,
    city(3),
    { input_id: 4, label: 'Has Two-Wheeler', input_type: 'DROPDOWN', input_enum: ['Yes', 'No'], validation: { required: true } },
  ],
};

/** What the feedback page tells the merchants of the PaySetu projects (the project's instructions; the demo's tasks have none of their own). */
export const MERCHANT_INSTRUCTION = [
  '<p><strong>Before you share the OTP</strong>, please check that the partner has:</p>',
  '<ul><li>installed the QR standee at your counter</li><li>made a test payment of Re 1 with you</li></ul>',
  '<p>Questions? Read the <a href="https://www.pickmywork.example/merchant-help">merchant help page</a>.</p>',
].join('');
export const MERCHANT_INSTRUCTION_JOBS = new Set([251, 252]);

export interface SeedJob {
  job_id: number;
  employer_id: number;
  job_category_id: number;
  job_title: string;
  form: keyof typeof FORMS;
  payout_rupees: number;
  rewards?: string;
  criteria?: string;
  features?: string[];
  tag_line?: string;
  description?: string;
  type?: string;
  domain?: string;
  duration?: number;
  min_salary?: number;
  max_salary?: number;
  perks?: string[];
  is_credit_flow?: boolean;
  /** Whether the lead form asks the customer's OTP; true unless said otherwise. */
  otp_required?: boolean;
  credit_rules?: { min_income?: number; min_score?: number; min_age?: number; max_age?: number };
  action_status?: number;
  archive_status?: number;
  archive_message?: string;
  on_hold?: boolean;
  hidden_from_partners?: boolean;
  hold_message?: string;
  locations?: { city: string; address: string; pincode: string }[];
  pincodes?: string[];
  customer_tnc?: string;
  customer_criteria?: string;
  customer_features?: string[];
}

const cardCriteria = 'Age_21 to 60 years;;Income_₹25,000 a month or more;;Credit Score_700+';
const cardFeatures = ['Lifetime free, no joining fee', '5% cashback on online shopping', 'Airport lounge access'];
const metroPins = ['560001', '560034', '400001', '400070', '110001', '110092', '411001', '500001', '600001', '700001', '302001'];

export const JOBS: SeedJob[] = [
  {
    job_id: 201,
    employer_id: 1,
    job_category_id: 1,
    job_title: 'Sahyog Platinum Credit Card',
    form: 'card',
    payout_rupees: 1200,
    rewards: 'Earn up to ₹1,200',
    criteria: cardCriteria,
    features: cardFeatures,
    tag_line: 'Lifetime free card with cashback',
    pincodes: metroPins,
  },
  {
    job_id: 202,
    employer_id: 1,
    job_category_id: 1,
    job_title: 'Sahyog Rewards Credit Card',
    form: 'card',
    payout_rupees: 900,
    rewards: 'Earn up to ₹900',
    criteria: cardCriteria,
    features: ['4 reward points per ₹150', 'Fuel surcharge waiver', 'Contactless payments'],
    pincodes: metroPins,
  },
  {
    job_id: 203,
    employer_id: 1,
    job_category_id: 1,
    job_title: 'Sahyog Fuel Credit Card',
    form: 'card',
    otp_required: false,
    payout_rupees: 800,
    rewards: 'Earn up to ₹800',
    criteria: cardCriteria,
    features: ['5% back on fuel', 'No annual fee on ₹50,000 spend', 'UPI on credit card'],
    pincodes: metroPins,
  },
  {
    job_id: 351,
    employer_id: 2,
    job_category_id: 1,
    job_title: 'Nirmal Shopping Credit Card',
    form: 'loan',
    payout_rupees: 1500,
    rewards: 'Earn up to ₹1,500',
    criteria: cardCriteria,
    features: ['10% off on partner stores', 'EMI on every purchase', 'Instant virtual card'],
    is_credit_flow: true,
    credit_rules: { min_income: 25000, min_score: 700, min_age: 21, max_age: 60 },
    pincodes: metroPins,
  },
  {
    job_id: 377,
    employer_id: 2,
    job_category_id: 2,
    job_title: 'Nirmal Instant Personal Loan',
    form: 'loan',
    payout_rupees: 2000,
    rewards: 'Earn up to ₹2,000',
    criteria: 'Age_23 to 58 years;;Income_₹30,000 a month or more;;Credit Score_725+',
    features: ['Loan up to ₹5 lakh', 'Money in account in 30 minutes', 'No paperwork'],
    is_credit_flow: true,
    credit_rules: { min_income: 30000, min_score: 725, min_age: 23, max_age: 58 },
    pincodes: metroPins,
  },
  {
    job_id: 211,
    employer_id: 8,
    job_category_id: 2,
    job_title: 'Kisan Gold Loan',
    form: 'loan',
    payout_rupees: 700,
    rewards: 'Earn ₹700 per disbursal',
    criteria: 'Age_18+;;Gold_18 carat or more',
    features: ['Lowest interest from 0.8% a month', 'Loan in 30 minutes', 'Safe locker storage'],
    pincodes: [...metroPins, '301001'],
  },
  {
    job_id: 212,
    employer_id: 8,
    job_category_id: 2,
    job_title: 'Kisan Two-Wheeler Loan',
    form: 'loan',
    payout_rupees: 1000,
    rewards: 'Earn ₹1,000 per disbursal',
    criteria: 'Age_21 to 60 years;;Income_₹15,000 a month',
    features: ['Up to 95% on-road funding', 'Tenure up to 4 years'],
    archive_status: 1,
    archive_message: 'This project is paused till 1 December',
    pincodes: metroPins,
  },
  {
    job_id: 221,
    employer_id: 1,
    job_category_id: 3,
    job_title: 'Sahyog Zero Balance Savings Account',
    form: 'account',
    payout_rupees: 300,
    rewards: 'Earn ₹300 per account',
    criteria: 'Age_18+;;Documents_Aadhaar and PAN',
    features: ['No minimum balance', 'Free debit card', 'Video KYC at home'],
    pincodes: metroPins,
  },
  {
    job_id: 222,
    employer_id: 1,
    job_category_id: 3,
    job_title: 'Sahyog Salary Account',
    form: 'account',
    payout_rupees: 400,
    rewards: 'Earn ₹400 per account',
    criteria: 'Employment_Salaried',
    features: ['Zero balance', 'Free insurance cover'],
    on_hold: true,
    hold_message: 'On hold: the bank is updating its process',
    pincodes: metroPins,
  },
  {
    job_id: 231,
    employer_id: 3,
    job_category_id: 4,
    job_title: 'Arogya Family Health Cover',
    form: 'insurance',
    payout_rupees: 1100,
    rewards: 'Earn 10% of premium',
    criteria: 'Age_18 to 65 years',
    features: ['Cashless in 9,000 hospitals', 'No claim bonus', 'Covers parents'],
    pincodes: metroPins,
  },
  {
    job_id: 232,
    employer_id: 3,
    job_category_id: 4,
    job_title: 'Arogya Term Life Plan',
    form: 'insurance',
    payout_rupees: 1500,
    rewards: 'Earn 12% of premium',
    criteria: 'Age_18 to 55 years',
    features: ['₹1 crore cover from ₹490 a month', 'Tax benefit'],
    pincodes: metroPins,
  },
  {
    job_id: 233,
    employer_id: 3,
    job_category_id: 4,
    job_title: 'Arogya Bike Insurance',
    form: 'insurance',
    payout_rupees: 150,
    rewards: 'Earn ₹150 per policy',
    criteria: 'Vehicle_Two-wheeler',
    features: ['Policy in 2 minutes', 'Zero depreciation add-on'],
    action_status: 20,
    pincodes: metroPins,
  },
  {
    job_id: 241,
    employer_id: 4,
    job_category_id: 5,
    job_title: 'Tijori Demat Account',
    form: 'demat',
    payout_rupees: 450,
    rewards: 'Earn ₹450 per account',
    criteria: 'Age_18+;;Documents_PAN, Aadhaar, bank proof',
    features: ['Zero account opening fee', '₹0 brokerage on delivery', 'Open in 10 minutes'],
    pincodes: metroPins,
  },
  {
    job_id: 242,
    employer_id: 4,
    job_category_id: 5,
    job_title: 'Tijori Mutual Fund SIP',
    form: 'demat',
    payout_rupees: 250,
    rewards: 'Earn ₹250 per SIP',
    criteria: 'Minimum SIP_₹500',
    features: ['Direct plans', 'Start with ₹500'],
    action_status: 20,
    pincodes: metroPins,
  },
  {
    job_id: 251,
    employer_id: 5,
    job_category_id: 7,
    job_title: 'PaySetu Merchant QR',
    form: 'merchant',
    otp_required: false,
    payout_rupees: 200,
    rewards: 'Earn ₹200 per active shop',
    criteria: 'Shop_Any shop with a board',
    features: ['Instant settlement', 'Free QR standee'],
    pincodes: [...metroPins, '560076', '560095'],
  },
  {
    job_id: 252,
    employer_id: 5,
    job_category_id: 7,
    job_title: 'PaySetu Soundbox',
    form: 'merchant',
    otp_required: false,
    payout_rupees: 350,
    rewards: 'Earn ₹350 per soundbox',
    criteria: 'Shop_Active PaySetu QR',
    features: ['Hindi and English alerts', '4 day battery'],
    pincodes: ['560001', '560034', '560076', '560095'],
  },
  {
    job_id: 261,
    employer_id: 6,
    job_category_id: 6,
    job_title: 'Delivery Partner',
    form: 'hiring',
    payout_rupees: 1000,
    rewards: 'Earn ₹1,000 per joining',
    type: 'Full Time',
    domain: 'Delivery',
    duration: 6,
    min_salary: 18000,
    max_salary: 28000,
    perks: ['Weekly payouts', 'Accident insurance', 'Fuel allowance'],
    tag_line: 'Deliver in your own area, choose your shifts',
    description: 'Deliver groceries and daily needs within 3 km of the store. Smartphone, two-wheeler and a driving licence needed.',
    criteria: 'Age_18 to 45 years;;Vehicle_Two-wheeler with licence',
    features: ['Joining bonus ₹2,000', 'Flexible shifts', 'Weekly pay'],
    locations: [
      { city: 'Bengaluru', address: 'Swiftcart Hub, 80 Feet Road, Koramangala', pincode: '560034' },
      { city: 'Pune', address: 'Swiftcart Hub, FC Road, Shivajinagar', pincode: '411005' },
    ],
  },
  {
    job_id: 262,
    employer_id: 7,
    job_category_id: 6,
    job_title: 'Store Associate',
    form: 'hiring',
    payout_rupees: 800,
    rewards: 'Earn ₹800 per joining',
    type: 'Full Time',
    domain: 'Retail',
    duration: 12,
    min_salary: 15000,
    max_salary: 20000,
    perks: ['PF and ESI', 'Staff discount'],
    tag_line: 'Work at a QuickKart store near you',
    description: 'Help customers, stock shelves and handle billing. 10th pass and basic English.',
    criteria: 'Age_18 to 35 years;;Education_10th pass',
    features: ['Fixed salary', 'Day shifts'],
    locations: [
      { city: 'Mumbai', address: 'QuickKart, LBS Marg, Kurla West', pincode: '400070' },
      { city: 'Delhi', address: 'QuickKart, Laxmi Nagar Main Road', pincode: '110092' },
    ],
  },
  {
    job_id: 263,
    employer_id: 6,
    job_category_id: 6,
    job_title: 'Warehouse Picker',
    form: 'hiring',
    payout_rupees: 700,
    rewards: 'Earn ₹700 per joining',
    type: 'Full Time',
    domain: 'Warehouse',
    duration: 3,
    min_salary: 14000,
    max_salary: 18000,
    perks: ['Free meals', 'Transport'],
    tag_line: 'Pick and pack orders in a clean, safe warehouse',
    description: 'Pick items against orders using a handheld scanner. Training given.',
    criteria: 'Age_18 to 40 years',
    features: ['Overtime pay', 'Night shift allowance'],
    locations: [{ city: 'Hyderabad', address: 'Swiftcart Warehouse, Shamshabad', pincode: '501218' }],
  },
  {
    job_id: 355,
    employer_id: 120,
    job_category_id: 6,
    job_title: 'Bike Taxi Captain',
    form: 'hiring',
    payout_rupees: 1200,
    rewards: 'Earn ₹1,200 per joining',
    type: 'Part Time',
    domain: 'Mobility',
    duration: 6,
    min_salary: 20000,
    max_salary: 35000,
    perks: ['Daily payouts', 'Insurance', 'Choose your hours'],
    tag_line: 'Ride when you want, earn every day',
    description: 'Carry passengers on your bike with the Zoomride app. Own bike, licence and RC needed.',
    criteria: 'Age_18 to 50 years;;Vehicle_Own bike with RC',
    features: ['Zero commission first week', 'Daily payouts', 'Free helmet'],
    locations: [
      { city: 'Bengaluru', address: 'Zoomride Office, HSR Layout Sector 2', pincode: '560102' },
      { city: 'Hyderabad', address: 'Zoomride Office, Madhapur', pincode: '500081' },
    ],
  },
  {
    job_id: 294,
    employer_id: 120,
    job_category_id: 6,
    job_title: 'Delivery Executive',
    form: 'hiring',
    payout_rupees: 900,
    rewards: 'Earn ₹900 per joining',
    type: 'Full Time',
    domain: 'Delivery',
    duration: 6,
    min_salary: 17000,
    max_salary: 25000,
    perks: ['Fuel allowance', 'Weekly payouts'],
    tag_line: 'Parcel deliveries in your city',
    description: 'Deliver parcels for Zoomride Express. Own two-wheeler needed.',
    criteria: 'Age_18 to 45 years',
    features: ['Joining bonus', 'Weekly pay', 'Insurance'],
    locations: [{ city: 'Delhi', address: 'Zoomride Express Hub, Okhla Phase 2', pincode: '110020' }],
  },
  {
    job_id: 356,
    employer_id: 120,
    job_category_id: 6,
    job_title: 'Fleet Supervisor',
    form: 'hiring',
    payout_rupees: 1500,
    rewards: 'Earn ₹1,500 per joining',
    type: 'Full Time',
    domain: 'Operations',
    duration: 12,
    min_salary: 25000,
    max_salary: 32000,
    perks: ['Laptop'],
    tag_line: 'Manage a fleet of captains',
    description: 'Internal role; not listed for partners.',
    hidden_from_partners: true,
    criteria: 'Experience_2 years',
    features: ['Fixed salary'],
    locations: [{ city: 'Bengaluru', address: 'Zoomride Office, HSR Layout Sector 2', pincode: '560102' }],
  },
];
