/** JSON schema of BrandConfig for the OpenAPI document (features and images stay open objects). */
export const brandConfigSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    systemUrl: { type: 'string' },
    apiUrl: { type: 'string' },
    productName: { type: 'string' },
    inlineImagesMailsize: { type: 'number' },
    maxMailSizeMB: { type: 'number' },
    maxUploadSizeMB: { type: 'number' },
    customSettings: {
      type: 'object',
      properties: { visibleName: { type: 'string' }, logoUrl: { type: 'string' }, wcfFormUrl: { type: 'string' } },
    },
    features: { type: 'object', additionalProperties: true, description: 'Feature tree: auth, mail, job, file, google, microsoft, global' },
    images: { type: 'object', additionalProperties: true },
  },
  additionalProperties: true,
} as const;
