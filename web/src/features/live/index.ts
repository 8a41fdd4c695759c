import './live.css';
export { LiveConnection } from './components/LiveConnection';
export { NotificationCentre } from './components/NotificationCentre';
export { Toasts } from './components/Toasts';
