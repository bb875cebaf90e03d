import { NIGERIAN_STATES } from '../../../lib/nigerian-states';

/** Suggestions for the states fields when the country is Nigeria: the one list onboarding uses too. */
export const stateSuggestions = (country: string) =>
  country.trim().toLowerCase() === 'nigeria' ? NIGERIAN_STATES : [];
