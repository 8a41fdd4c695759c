//! A signed-in device as a person recognises it: the browser and the system, read from the
//! `User-Agent` it signed in with. Names of products, the same in both languages.

/// The browser and operating system a `User-Agent` names, when recognised.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Device {
    pub browser: Option<&'static str>,
    pub system: Option<&'static str>,
}

impl Device {
    pub fn from_user_agent(ua: &str) -> Device {
        // Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari", Android says "Linux".
        const BROWSERS: [(&str, &str); 7] = [
            ("Edg/", "Edge"),
            ("OPR/", "Opera"),
            ("Firefox/", "Firefox"),
            ("SamsungBrowser/", "Samsung Internet"),
            ("Chromium/", "Chromium"),
            ("Chrome/", "Chrome"),
            ("Safari/", "Safari"),
        ];
        const SYSTEMS: [(&str, &str); 7] = [
            ("Android", "Android"),
            ("iPhone", "iOS"),
            ("iPad", "iPadOS"),
            ("Windows", "Windows"),
            ("Mac OS X", "macOS"),
            ("CrOS", "ChromeOS"),
            ("Linux", "Linux"),
        ];
        let find = |table: &[(&str, &'static str)]| table.iter().find(|(mark, _)| ua.contains(mark)).map(|(_, n)| *n);
        Device { browser: find(&BROWSERS), system: find(&SYSTEMS) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_browsers_are_named() {
        let cases = [
            ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0", Some("Edge"), Some("Windows")),
            ("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", Some("Firefox"), Some("Linux")),
            ("Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36", Some("Chrome"), Some("Android")),
            ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1", Some("Safari"), Some("iOS")),
            ("curl/8.5.0", None, None),
        ];
        for (ua, browser, system) in cases {
            assert_eq!(Device::from_user_agent(ua), Device { browser, system }, "{ua}");
        }
    }
}
