export { OrderPage } from './components/order-page';
export { OrdersPage } from './components/orders-page';
export { OutboxPage } from './components/outbox-page';
export { OverviewPage } from './components/overview-page';
export { PricingPage } from './components/pricing-page';
export { ReviewsPage } from './components/reviews-page';
