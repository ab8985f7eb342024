import { defineMessages } from '../../shared/i18n';

export const t = defineMessages({
  loading: 'Loading...',
  welcome: 'Welcome to PickMyWork',
  tagline: 'Platform to manage your offers',
  mobileLabel: 'Mobile Number',
  mobilePlaceholder: 'Enter your 10 digit mobile number',
  otpLabel: 'OTP',
  login: 'Login',
  submitOtp: 'Submit OTP',
  changeNumber: 'Change Number?',
  resendOtp: 'Resend OTP',
  otpSentTo: 'OTP sent to {mobile}',
  logout: 'Logout',
  logoutConfirm: 'Are you sure to logout?',
  portalComing: 'Hello {name}, you are logged in. The partner portal is being built; your leads, payouts and profile will appear here.',
});
