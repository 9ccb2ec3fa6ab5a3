export { AvailabilityCalendar } from './availability-calendar.tsx';
export { BookingBar, BookingPanel } from './booking-panel.tsx';
export { CreativeSpec } from './creative-spec.tsx';
export { ProductAbout } from './product-about.tsx';
export { ProductBreadcrumb, ProductHeader } from './product-header.tsx';
export { ProductMap } from './product-map.tsx';
export { ProductPhotos } from './product-photos.tsx';
export { useBooking, usePeriodParams } from './use-booking.ts';
