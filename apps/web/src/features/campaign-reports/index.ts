export { useCampaignReport, campaignReportQuery, campaignReportPdfUrl } from './api.ts';
export { CampaignReportView } from './report-view.tsx';
