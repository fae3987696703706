export { WizardPage } from './components/wizard-page';
export { DEFAULT_THEME_ID } from './lib/wizard-defaults';
