export * from './api.ts';
export { MediaUploader } from './media-uploader.tsx';
export { MediaThumb, mediaFacts } from './media-thumb.tsx';
export { AdStatusBadge, CampaignStatusBadge } from './status-badge.tsx';
export { AdForm } from './ad-form.tsx';
export { ItemCampaign, type ItemCampaignInfo } from './item-campaign.tsx';
export { uploadFile, UploadError } from './upload.ts';
