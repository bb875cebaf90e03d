/**
 * While a screen that has just signed someone in shows its toasts (about 0.5 s before it moves
 * on, spec section 4), the public-route guard holds its redirect to /home.
 */
let held = false;

export function holdPublicRedirect(): void {
  held = true;
}

export function releasePublicRedirect(): void {
  held = false;
}

export function isPublicRedirectHeld(): boolean {
  return held;
}
