import { describe, expect, it } from 'vitest';
import {
  nextStatuses,
  orderBadgeKey,
  orderBadgeStatus,
  orderStatusLabel,
  orderStatusText,
} from './order-status';

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

  it('reads a completed order with a refund as partly refunded, with the value returned', () => {
    const partly = { status: 'success', refunded_total: 250_00, currency: 'NGN' };
    expect(orderStatusText(partly)).toMatch(/^Partly refunded ₦250(\.00)?$/);
    expect(orderBadgeKey(partly)).toBe('partially_refunded');
    const untouched = { status: 'success', refunded_total: 0, currency: 'NGN' };
    expect(orderStatusText(untouched)).toBe('Completed');
    expect(orderBadgeKey(untouched)).toBe('completed');
    const full = { status: 'refunded', refunded_total: 250_00, currency: 'NGN' };
    expect(orderStatusText(full)).toBe('Refunded');
  });
});
