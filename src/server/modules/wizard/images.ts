/** Where an uploaded photo (jpg) or a generated cover (png) of a wizard session is kept in `wizard-temp`. */
export const imageKey = (sessionId: string, imageId: string, extension: 'jpg' | 'png') =>
  `${sessionId}/${imageId}.${extension}`;
