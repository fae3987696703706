import { SUPPORT } from '../../../../shared/constants';

export const SUPPORT_EMAIL = SUPPORT.email;
