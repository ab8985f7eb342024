import { describe, expect, it } from 'vitest';
import { ratingLine } from './profile-page';

describe("the partner's rating line", () => {
  it('says "review" for one and "reviews" for more', () => {
    expect(ratingLine(5, 1)).toBe('Rating 5.0 from 1 review');
    expect(ratingLine(4.25, 12)).toBe('Rating 4.3 from 12 reviews');
  });
});
