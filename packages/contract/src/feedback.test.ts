import { describe, expect, it } from 'vitest';
import { feedbackComment, feedbackReasonsFor, parseFeedbackLink, feedbackLinkPath } from './feedback';
import { leadIdColumn, outputFileName } from './data-download';

describe('feedback rules', () => {
  it('joins the reasons with ", " and appends the Other comment only when typed', () => {
    expect(feedbackComment(['Was in hurry', 'Other'], '  Left early ')).toBe('Was in hurry, Left early');
    expect(feedbackComment(['Was in hurry', 'Other'], '   ')).toBe('Was in hurry');
    expect(feedbackComment(['Speaking rudely'], 'typed but Other not chosen')).toBe('Speaking rudely');
    expect(feedbackComment([], '')).toBe('');
  });

  it('offers the low chips below 4 and the praise chips from 4', () => {
    expect(feedbackReasonsFor(3)).toContain('Other');
    expect(feedbackReasonsFor(4)).toEqual(['Good Sales Person', 'Great conversation', 'Explained the product clearly']);
  });

  it('a link survives its own encoding, and a non-numeric part is refused', () => {
    const link = { job_task_id: 5001, ref_value: '9876512345', user_id: 101, otp: '4321' };
    const [, , jobTaskId, refValue, userId, otp] = feedbackLinkPath(link).split('/');
    expect(parseFeedbackLink({ jobTaskId, refValue, userId, otp })).toEqual(link);
    expect(parseFeedbackLink({ jobTaskId, refValue, userId: btoa('abc'), otp })).toBeNull();
  });
});

describe('data download rules', () => {
  it('finds the lead id column under its usual spellings', () => {
    expect(leadIdColumn(['name', 'Lead ID'])).toBe(1);
    expect(leadIdColumn(['lead-id'])).toBe(0);
    expect(leadIdColumn(['form_response_id'])).toBe(0);
    expect(leadIdColumn(['mobile', 'name'])).toBe(-1);
  });
  it('names the output after the input', () => {
    expect(outputFileName('march leads.xlsx')).toBe('march leads_output.xlsx');
    expect(outputFileName('a/../b.csv')).toBe('a_.._b_output.csv');
  });
});
