// Filled by the access screens work: LoginPage, RegisterPage, RegisterSitePage, ForgetPasswordPage, QuickLoginPage, HomePage, WxHelpPage.
export {};
