import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectedTimeZone, stateChoices, timeZoneChoices } from './choices';

afterEach(() => vi.restoreAllMocks());

describe('onboarding lists', () => {
  it("offers Nigeria's 36 states and the FCT for Nigeria, and free text elsewhere", () => {
    const states = stateChoices(' Nigeria ');
    expect(states).toHaveLength(37);
    expect(states).toContain('Lagos');
    expect(states).toContain('FCT');
    expect(stateChoices('NG')).toBe(states);
    expect(stateChoices('Ghana')).toBeNull();
  });

  it('lists every IANA zone the browser knows, sorted, with UTC and the default', () => {
    const zones = timeZoneChoices('Africa/Lagos');
    expect(zones.length).toBeGreaterThan(300);
    expect(zones).toContain('Africa/Lagos');
    expect(zones).toContain('UTC');
    expect(zones).toEqual([...zones].sort());
    expect(new Set(zones).size).toBe(zones.length);
  });

  it("preselects the device's zone when listed, else the default", () => {
    const zones = ['Africa/Lagos', 'Europe/London', 'UTC'];
    const resolved = (timeZone: string) =>
      vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
        ...new Intl.DateTimeFormat('en').resolvedOptions(),
        timeZone,
      });
    resolved('Europe/London');
    expect(detectedTimeZone(zones, 'Africa/Lagos')).toBe('Europe/London');
    resolved('Mars/Olympus');
    expect(detectedTimeZone(zones, 'Africa/Lagos')).toBe('Africa/Lagos');
  });
});
