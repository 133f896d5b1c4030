/**
 * The public pages, each its own chunk loaded when it opens (the login page carries nothing else). Only loaders
 * here: the router imports this file into the first load.
 */
export const accessPages = {
  CertVerifyPage: () => import('./CertVerifyPage.tsx'),
  ForgetPasswordPage: () => import('./ForgetPasswordPage.tsx'),
  HomePage: () => import('./HomePage.tsx'),
  LoginPage: () => import('./LoginPage.tsx'),
  QuickLoginPage: () => import('./QuickLoginPage.tsx'),
  RegisterPage: () => import('./RegisterPage.tsx'),
  RegisterSitePage: () => import('./RegisterSitePage.tsx'),
  WxHelpPage: () => import('./WxHelpPage.tsx'),
};
