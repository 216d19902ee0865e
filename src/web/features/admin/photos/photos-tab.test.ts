import { describe, expect, it } from 'vitest';
import { moveId } from './photos-tab.tsx';

describe('moveId', () => {
  it('moves one id to a new place and keeps the others in order', () => {
    expect(moveId(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveId(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveId(['a', 'b', 'c'], 1, 9)).toEqual(['a', 'c', 'b']);
  });
});
