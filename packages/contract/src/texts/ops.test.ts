import { describe, expect, it } from 'vitest';
import { applicationOutcomeMessages } from '../applications';
import { baseMessages } from '../base';
import { catalogueMessages } from '../catalogue';
import { opsAgentMessages } from '../ops-agents';
import { opsCatalogue } from './ops';

describe("the ops console's texts said by code", () => {
  // The server says these by code; the console's older names still hold the same words until they go.
  it('read as the words the older names hold', () => {
    const en = opsCatalogue.en;
    expect([
      en['ops.categoryTitleTaken'],
      en['ops.categoryNotFound'],
      en['ops.categoryRetired'],
      en['ops.employerNameTaken'],
      en['ops.employerNotFound'],
      en['ops.employerRetired'],
      en['ops.agentAdded'],
      en['ops.agentRoleChanged'],
      en['ops.agentRemoved'],
      en['ops.agentAlready'],
      en['ops.agentBlocked'],
      en['ops.agentNotFound'],
      en['ops.agentLastAdmin'],
      en['ops.applicationNotFound'],
      en['ops.webUrl'],
    ]).toEqual([
      catalogueMessages.categoryTitleTaken,
      catalogueMessages.categoryNotFound,
      catalogueMessages.categoryRetired,
      catalogueMessages.employerNameTaken,
      catalogueMessages.employerNotFound,
      catalogueMessages.employerRetired,
      opsAgentMessages.added,
      opsAgentMessages.roleChanged,
      opsAgentMessages.removed,
      opsAgentMessages.alreadyAgent,
      opsAgentMessages.blocked,
      opsAgentMessages.notAgent,
      opsAgentMessages.lastAdmin,
      applicationOutcomeMessages.notFound,
      baseMessages.webUrl,
    ]);
  });
});
