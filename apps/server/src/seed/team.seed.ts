import type { Services } from '../app';
import { formResponseData, formResponses, teamMembers, teams, users } from '../db/schema/index';
import { DEMO } from './demo-ids';
import { demoLead } from './demo-lead';

/** Fixed ids of the team demo; tests and the README rely on them. */
export const TEAM_DEMO = {
  /** Open: any number may join at its first login (the demo's walk-in team). */
  team01: { team_id: 1, team_code: 'TEAM01', manager_user_id: DEMO.asha.user_id, join_policy: 'open' },
  team02: { team_id: 2, team_code: 'TEAM02', manager_user_id: DEMO.ravi.user_id, join_policy: 'invite_only' },
  meena: { user_id: 111, mobile: '9876500011', first_name: 'Meena', last_name: 'Devi' },
  blocked: { user_id: 119, mobile: '9876500019', first_name: 'Suresh', last_name: 'Pal' },
  kiran: { user_id: 117, mobile: '9876500017', first_name: 'Kiran', last_name: 'Rao' },
  leads: { addedNeedsDetails: 7102, otherTeamNeedsDetails: 7111 },
} as const;

const DAY = 86_400_000;

interface SeedLead {
  id: number;
  user: number;
  team: number;
  job: number;
  daysAgo: number;
  status?: number;
  sub_status?: number;
  archive_status?: number;
  comment?: string;
  data: [number, string][];
}

/** Meena's leads cover every status (and an 'Add Details' one); Kiran's are in another team. */
const LEADS: SeedLead[] = [
  {
    id: 7101,
    user: 111,
    team: 1,
    job: 201,
    daysAgo: 0,
    data: [
      [1, '9812345601'],
      [2, 'Ramesh Gupta'],
      [3, 'BGXPG1234K'],
      [4, 'Bengaluru'],
    ],
  },
  // Waits for the city: 'Add Details' completes it.
  {
    id: 7102,
    user: 111,
    team: 1,
    job: 201,
    daysAgo: 0,
    sub_status: 1,
    comment: 'Please add the customer city',
    data: [
      [1, '9812345602'],
      [2, 'Lakshmi Iyer'],
      [3, 'CLKPI5678M'],
    ],
  },
  {
    id: 7103,
    user: 111,
    team: 1,
    job: 231,
    daysAgo: 5,
    status: 1,
    data: [
      [1, '9812345603'],
      [2, 'Farhan Ali'],
      [3, '34'],
      [4, '₹10 lakh'],
    ],
  },
  {
    id: 7104,
    user: 111,
    team: 1,
    job: 241,
    daysAgo: 10,
    status: 2,
    comment: 'PAN does not match the name',
    data: [
      [1, '9812345604'],
      [2, 'Sunita Rao'],
      [3, 'DRSPR4321Q'],
      [4, 'sunita.rao@example.com'],
    ],
  },
  {
    id: 7105,
    user: 111,
    team: 1,
    job: 221,
    daysAgo: 40,
    archive_status: 1,
    data: [
      [1, '9812345605'],
      [2, 'Vikram Singh'],
    ],
  },
  {
    id: 7106,
    user: 111,
    team: 1,
    job: 201,
    daysAgo: 70,
    status: 1,
    data: [
      [1, '9812345606'],
      [2, 'Anita Desai'],
      [3, 'EADPD9876L'],
      [4, 'Mumbai'],
    ],
  },
  {
    id: 7107,
    user: 111,
    team: 1,
    job: 261,
    daysAgo: 20,
    data: [
      [1, '9812345607'],
      [2, 'Manoj Kumar'],
      [3, 'Pune'],
      [4, 'Yes'],
    ],
  },
  {
    id: 7110,
    user: 117,
    team: 2,
    job: 201,
    daysAgo: 1,
    data: [
      [1, '9812345610'],
      [2, 'Deepa Nair'],
      [3, 'FNRPD1111A'],
      [4, 'Delhi'],
    ],
  },
  {
    id: 7111,
    user: 117,
    team: 2,
    job: 202,
    daysAgo: 1,
    sub_status: 1,
    data: [
      [1, '9812345611'],
      [2, 'Rohit Jain'],
      [3, 'GJNPR2222B'],
    ],
  },
];

/** Teams TEAM01 (Asha) and TEAM02 (Ravi), their members and the members' leads. */
export async function seedTeam(services: Services): Promise<void> {
  const { db } = services;
  const now = Date.now();
  await db.transaction(async (tx) => {
    await tx
      .insert(users)
      .values(
        [TEAM_DEMO.meena, TEAM_DEMO.blocked, TEAM_DEMO.kiran].map(({ user_id, mobile, first_name, last_name }) => ({
          user_id,
          mobile,
          first_name,
          last_name,
        })),
      )
      .onConflictDoNothing();
    await tx.insert(teams).values([TEAM_DEMO.team01, TEAM_DEMO.team02]).onConflictDoNothing();
    await tx
      .insert(teamMembers)
      .values([
        { team_id: 1, user_id: TEAM_DEMO.meena.user_id },
        { team_id: 1, user_id: TEAM_DEMO.blocked.user_id, blocked: true },
        { team_id: 2, user_id: TEAM_DEMO.kiran.user_id },
      ])
      .onConflictDoNothing();
    for (const l of LEADS) {
      const created = new Date(now - l.daysAgo * DAY - 60 * 60_000);
      const inserted = await tx
        .insert(formResponses)
        .values({
          ...demoLead(l.id, l.job, l.data),
          team_member_user_id: l.user,
          team_id: l.team,
          status: l.status ?? 0,
          sub_status: l.sub_status ?? 0,
          archive_status: l.archive_status ?? 0,
          status_comment: l.comment ?? null,
          location: { lat: 12.9352, lng: 77.6245, address: '12.935200, 77.624500 (near Bengaluru 560034)' },
          created_on: created,
          modified_on: created,
        })
        .onConflictDoNothing()
        .returning({ id: formResponses.form_response_id });
      if (inserted.length) {
        await tx.insert(formResponseData).values(l.data.map(([input_id, value]) => ({ form_response_id: l.id, input_id, value })));
      }
    }
  });
}
