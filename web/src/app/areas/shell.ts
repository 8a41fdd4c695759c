// The signed-in shell shared by the three dashboards (side menu, live socket, notifications).
export { DashboardLayout } from '../layouts/DashboardLayout';
