import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client';

/** Reads "Try again in N minutes." when the server's answer lacks retryAfterMinutes. */
function minutesOf(error: ApiError): number | undefined {
  if (error.retryAfterMinutes !== undefined) return error.retryAfterMinutes;
  const match = /in (\d+) minutes?/i.exec(error.message);
  return match ? Number(match[1]) : undefined;
}

/**
 * Turns a failed account call into the sentence shown in the red alert: known codes in the reader's
 * language, any other code with the server's own message unchanged (docs/spec.md section 8).
 */
export function useAuthErrorText(): (error: unknown) => string {
  const { t } = useTranslation('auth');
  return (error) => {
    if (!(error instanceof ApiError)) return t('errors.unknown');
    if (error.status === 0) return t('errors.network');
    // Without a code the answer was not the API's (a proxy's page): its text means nothing to a parent.
    if (error.code === undefined) return t('errors.unknown');
    switch (error.code) {
      case 'INVALID_EMAIL_OR_PASSWORD':
        return t('errors.invalidCredentials');
      case 'EMAIL_NOT_VERIFIED':
        return t('errors.emailNotVerified');
      case 'TOO_MANY_FAILED_SIGN_INS': {
        const minutes = minutesOf(error);
        return minutes === undefined
          ? t('errors.tooManyFailedSignInsLater')
          : t('errors.tooManyFailedSignIns', { count: minutes });
      }
      case 'RATE_LIMITED':
        return t('errors.rateLimited');
      case 'USER_ALREADY_EXISTS':
      case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
        return t('errors.userExists');
      case 'PASSWORD_TOO_SHORT':
        return t('errors.passwordTooShort');
      case 'PASSWORD_TOO_COMMON':
        return t('errors.passwordTooCommon');
      case 'INVALID_EMAIL':
        return t('errors.invalidEmail');
      case 'INVALID_TOKEN':
        return t('errors.invalidToken');
      case 'EMAIL_NOT_SENT':
        return t('errors.emailNotSent');
      default:
        return error.message || t('errors.unknown');
    }
  };
}

/** The message for `/auth?error=<code>`, where a Google or Microsoft sign-in came back failed. */
export function useOAuthErrorText(): (code: string) => string {
  const { t } = useTranslation('auth');
  return (code) => {
    switch (code) {
      case 'access_denied':
        return t('errors.oauthCancelled');
      case 'email_not_verified':
        return t('errors.oauthEmailNotVerified');
      case 'account_not_linked':
      case 'unable_to_link_account':
      case 'account_already_linked_to_different_user':
      case 'email_does_not_match':
        return t('errors.oauthAccountNotLinked');
      case 'email_not_found':
        return t('errors.oauthNoEmail');
      default:
        return t('errors.oauthFailed');
    }
  };
}
