// Build-time configuration (Vite env, VITE_ prefix); every value has a working default.

/**
 * Origin of the mobile site for the rel=alternate link (spec §1). Empty means the same
 * origin with an /m prefix.
 */
export const MOBILE_HOST: string = (import.meta.env.VITE_MOBILE_HOST as string | undefined) ?? "";

/** Gateway port tried on the page's host when /java/system/gateways gives no answer. */
export const GATEWAY_FALLBACK_PORT: string = (import.meta.env.VITE_GATEWAY_PORT as string | undefined) ?? "8081";

export const SITE_NAME = "Courtside";

/** Progress bar (spec §9): appears only after a request has run this long... */
export const PROGRESS_THROTTLE_MS = 200;
/** ...and creeps toward the end over this time. */
export const PROGRESS_DURATION_MS = 5000;

/** Code resend countdown (spec §9). */
export const CODE_COUNTDOWN_S = 60;
