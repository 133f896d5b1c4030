export { AudienceFields, audienceValues, useAudiencePeople } from './AudienceFields.tsx';
export { AudienceView } from './AudienceView.tsx';
