/** Every query of this page sits under this key, so a sign-out or account deletion drops them all. */
export const PROFILE_QUERY_KEY = ['profile'] as const;
