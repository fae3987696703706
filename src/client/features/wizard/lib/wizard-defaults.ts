/** The theme the wizard starts with when the address names none (the one theme today, docs/spec.md section 1). */
export const DEFAULT_THEME_ID = 'guardian-friend';
