import { describe, expect, it } from 'vitest';
import { APPLICATION_ATTEMPTED_MIN, APPLICATION_STATUS } from './hiring';
import { APPLICATION_OUTCOMES, applicationOutcomeMessages as m, applicationStatusName, outcomeStep } from './applications';

const S = APPLICATION_STATUS;

describe('application statuses', () => {
  it('count attended and every later outcome as attempted, and not a no-show', () => {
    for (const name of ['ATTENDED', 'SELECTED', 'JOINED', 'REJECTED'] as const)
      expect(S[name]).toBeGreaterThanOrEqual(APPLICATION_ATTEMPTED_MIN);
    for (const name of ['APPLIED', 'SLOT_BOOKED', 'NO_SHOW'] as const) expect(S[name]).toBeLessThan(APPLICATION_ATTEMPTED_MIN);
  });
  it('are named back from their numbers', () => {
    expect(applicationStatusName(9)).toBe('JOINED');
    expect(applicationStatusName(3)).toBe('SLOT_BOOKED');
    expect(applicationStatusName(2)).toBeNull();
  });
});

describe('outcomeStep', () => {
  it('refuses every outcome before a slot is booked', () => {
    for (const to of APPLICATION_OUTCOMES) expect(outcomeStep(S.APPLIED, to)).toEqual({ kind: 'refused', message: m.notBooked });
  });
  it('says nothing changes when the status is already the outcome', () => {
    expect(outcomeStep(S.JOINED, 'JOINED')).toEqual({ kind: 'same' });
  });
  it('lets a booked candidate attend, miss it, be selected or rejected, but not join straight away', () => {
    expect(outcomeStep(S.SLOT_BOOKED, 'ATTENDED').kind).toBe('move');
    expect(outcomeStep(S.SLOT_BOOKED, 'NO_SHOW').kind).toBe('move');
    expect(outcomeStep(S.SLOT_BOOKED, 'SELECTED').kind).toBe('move');
    expect(outcomeStep(S.SLOT_BOOKED, 'REJECTED').kind).toBe('move');
    expect(outcomeStep(S.SLOT_BOOKED, 'JOINED')).toEqual({ kind: 'refused', message: m.joinedNeedsAttended });
  });
  it('lets a no-show come after all, but not be rejected or join before attending', () => {
    expect(outcomeStep(S.NO_SHOW, 'ATTENDED').kind).toBe('move');
    expect(outcomeStep(S.NO_SHOW, 'REJECTED')).toEqual({ kind: 'refused', message: m.rejectedAfterNoShow });
    expect(outcomeStep(S.NO_SHOW, 'JOINED')).toEqual({ kind: 'refused', message: m.joinedNeedsAttended });
  });
  it('joins from attended or selected, and undoes joined and rejected', () => {
    expect(outcomeStep(S.ATTENDED, 'JOINED').kind).toBe('move');
    expect(outcomeStep(S.SELECTED, 'JOINED').kind).toBe('move');
    expect(outcomeStep(S.JOINED, 'REJECTED').kind).toBe('move');
    expect(outcomeStep(S.REJECTED, 'JOINED').kind).toBe('move');
    expect(outcomeStep(S.JOINED, 'SELECTED').kind).toBe('move');
  });
  it('never goes back to attended or no-show once past them', () => {
    expect(outcomeStep(S.SELECTED, 'ATTENDED')).toEqual({ kind: 'refused', message: m.attendedPast });
    expect(outcomeStep(S.JOINED, 'NO_SHOW')).toEqual({ kind: 'refused', message: m.noShowAfterAttended });
    expect(outcomeStep(S.ATTENDED, 'NO_SHOW')).toEqual({ kind: 'refused', message: m.noShowAfterAttended });
  });
});
