import { createElement, lazy } from 'react';

// Every page but the login page loads on first use, so the login page's chunk carries only the login page.
// Each is a plain component around its lazy one: the router lazy-loads this module, and a lazy
// component cannot resolve to another lazy component.

const LazyRegister = lazy(() => import('./RegisterPage.tsx').then((m) => ({ default: m.RegisterPage })));
const LazyRegisterSite = lazy(() => import('./RegisterSitePage.tsx').then((m) => ({ default: m.RegisterSitePage })));
const LazyForgetPassword = lazy(() =>
  import('./ForgetPasswordPage.tsx').then((m) => ({ default: m.ForgetPasswordPage })),
);
const LazyQuickLogin = lazy(() => import('./QuickLoginPage.tsx').then((m) => ({ default: m.QuickLoginPage })));
const LazyHome = lazy(() => import('./HomePage.tsx').then((m) => ({ default: m.HomePage })));
const LazyWxHelp = lazy(() => import('./WxHelpPage.tsx').then((m) => ({ default: m.WxHelpPage })));

export { LoginPage } from './LoginPage.tsx';

export function RegisterPage() {
  return createElement(LazyRegister);
}

export function RegisterSitePage() {
  return createElement(LazyRegisterSite);
}

export function ForgetPasswordPage() {
  return createElement(LazyForgetPassword);
}

export function QuickLoginPage() {
  return createElement(LazyQuickLogin);
}

export function HomePage() {
  return createElement(LazyHome);
}

export function WxHelpPage() {
  return createElement(LazyWxHelp);
}
