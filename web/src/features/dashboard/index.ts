export { SideMenu } from './components/SideMenu';
export { hidesSideMenu, menuType, type MenuType } from './menus';
export { HelpPage } from './routes/HelpPage';
export { LandingPage } from './routes/LandingPage';
export { AdminPage } from './routes/AdminPage';
