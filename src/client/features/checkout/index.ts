export { CheckoutPage } from './components/checkout-page';
export { CheckoutTestPage } from './components/checkout-test-page';
export { ConfirmationPage } from './components/confirmation-page';
export { ReviewForm } from './components/review-form';
