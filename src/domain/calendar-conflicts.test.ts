import { describe, expect, it } from 'vitest';
import { classifyImportedEvent, type OurStay } from './calendar-conflicts.ts';

const guest: OurStay = { id: 'g1', kind: 'guest', checkIn: '2026-12-10', checkOut: '2026-12-13' };
const block: OurStay = { id: 'b1', kind: 'block', checkIn: '2026-12-13', checkOut: '2026-12-15' };
const event = (checkIn: string, checkOut: string) => ({ checkIn, checkOut });

describe('classifyImportedEvent', () => {
  it('calls an event covering exactly our guest booking an echo, not a conflict', () => {
    expect(classifyImportedEvent(event('2026-12-10', '2026-12-13'), [guest, block])).toEqual({
      echo: true,
      conflictingStayIds: [],
    });
  });

  it('calls an event covered by a booking and an adjacent owner block (merged by the channel) an echo', () => {
    expect(classifyImportedEvent(event('2026-12-10', '2026-12-15'), [guest, block]).echo).toBe(true);
  });

  it('flags an event that overlaps a guest booking and reaches beyond our nights', () => {
    expect(classifyImportedEvent(event('2026-12-08', '2026-12-11'), [guest, block])).toEqual({
      echo: false,
      conflictingStayIds: ['g1'],
    });
  });

  it('does not flag an event that only overlaps an owner block', () => {
    expect(classifyImportedEvent(event('2026-12-14', '2026-12-17'), [guest, block])).toEqual({
      echo: false,
      conflictingStayIds: [],
    });
  });

  it('does not flag an event that touches a guest booking on its check-out day', () => {
    expect(classifyImportedEvent(event('2026-12-06', '2026-12-10'), [guest])).toEqual({
      echo: false,
      conflictingStayIds: [],
    });
  });

  it('treats an event with no stays of ours around it as neither', () => {
    expect(classifyImportedEvent(event('2027-01-01', '2027-01-03'), [])).toEqual({
      echo: false,
      conflictingStayIds: [],
    });
  });
});
