import { describe, expect, it } from 'vitest';
import { nextStatuses, orderBadgeStatus, orderStatusLabel } from './order-status';

describe('order status actions', () => {
  it('offers only the moves the server allows from each status', () => {
    expect(nextStatuses('pending')).toEqual(['processing']);
    expect(nextStatuses('processing')).toEqual(['success']);
    expect(nextStatuses('success')).toEqual([]);
    expect(nextStatuses('cancelled')).toEqual([]);
    expect(nextStatuses('refunded')).toEqual([]);
  });

  it('names a successful order as completed', () => {
    expect(orderStatusLabel('success')).toBe('Completed');
    expect(orderStatusLabel('partially_paid')).toBe('Partially paid');
    expect(orderBadgeStatus('success')).toBe('completed');
    expect(orderBadgeStatus('pending')).toBe('pending');
  });
});
