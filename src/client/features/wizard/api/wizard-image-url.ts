/** Where the browser loads an uploaded photo or a generated cover (served to the session's owner only). */
export const wizardImageUrl = (imageId: string) => `/api/wizard/images/${encodeURIComponent(imageId)}`;
