//! Targets: only loopback servers, only loopback source addresses.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use anyhow::{bail, Context};

/// A server instance under test, by its base URL.
#[derive(Clone, Debug)]
pub struct Target {
    /// `http://host:port` without a trailing slash.
    pub base: String,
    /// Where to connect TCP (the host resolved to a loopback address).
    pub addr: SocketAddr,
    /// The `Host` part as written (for the HTTP and WebSocket requests).
    pub host_port: String,
}

impl Target {
    pub fn ws_url(&self) -> String {
        format!("ws://{}/api/ws", self.host_port)
    }
}

pub fn is_loopback(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4.octets()[0] == 127,
        IpAddr::V6(v6) => v6.is_loopback() || v6.to_ipv4_mapped().is_some_and(|v4| v4.octets()[0] == 127),
    }
}

/// Parses `http://HOST[:PORT][/]` and refuses any host that is not loopback
/// (127.0.0.0/8, ::1, localhost).
pub fn parse_target(url: &str) -> anyhow::Result<Target> {
    let rest = url.strip_prefix("http://").with_context(|| format!("{url}: only http:// URLs are supported"))?;
    let rest = rest.trim_end_matches('/');
    if rest.contains('/') || rest.contains('@') || rest.contains('?') || rest.contains('#') {
        bail!("{url}: give the server's base URL only, e.g. http://127.0.0.1:8080");
    }
    let (host, port) = split_host_port(rest).with_context(|| format!("{url}: cannot read host and port"))?;
    let ip: IpAddr = if host.eq_ignore_ascii_case("localhost") {
        IpAddr::V4(Ipv4Addr::LOCALHOST)
    } else {
        host.parse().with_context(|| format!("{url}: host must be an IP address on loopback or `localhost`"))?
    };
    if !is_loopback(ip) {
        bail!("{url}: refusing a non-loopback target ({ip}); the load test only targets 127.0.0.0/8, ::1 or localhost");
    }
    Ok(Target { base: format!("http://{rest}"), addr: SocketAddr::new(ip, port), host_port: rest.to_string() })
}

fn split_host_port(s: &str) -> Option<(&str, u16)> {
    if let Some(v6) = s.strip_prefix('[') {
        let (host, after) = v6.split_once(']')?;
        let port = match after.strip_prefix(':') {
            Some(p) => p.parse().ok()?,
            None if after.is_empty() => 80,
            None => return None,
        };
        return Some((host, port));
    }
    match s.rsplit_once(':') {
        Some((h, p)) => Some((h, p.parse().ok()?)),
        None => Some((s, 80)),
    }
}

/// The loopback source addresses 127.0.0.1 … 127.0.0.n.
pub fn source_addrs(n: usize) -> anyhow::Result<Vec<Ipv4Addr>> {
    if n == 0 || n > 250 {
        bail!("--source-ips must be between 1 and 250");
    }
    Ok((1..=n as u8).map(|i| Ipv4Addr::new(127, 0, 0, i)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_loopback_only() {
        let t = parse_target("http://127.0.0.1:8080").unwrap();
        assert_eq!(t.base, "http://127.0.0.1:8080");
        assert_eq!(t.ws_url(), "ws://127.0.0.1:8080/api/ws");
        assert_eq!(t.addr, "127.0.0.1:8080".parse().unwrap());
        assert!(parse_target("http://127.9.8.7:1/").is_ok());
        assert_eq!(parse_target("http://localhost:9000").unwrap().addr.port(), 9000);
        assert_eq!(parse_target("http://[::1]:9000").unwrap().addr, "[::1]:9000".parse().unwrap());
        assert_eq!(parse_target("http://127.0.0.1").unwrap().addr.port(), 80);
        for bad in [
            "http://10.0.0.1:8080",
            "http://192.168.1.2",
            "http://8.8.8.8:80",
            "http://example.com:80",
            "http://[2001:db8::1]:80",
            "https://127.0.0.1:8443",
            "ws://127.0.0.1:8080",
            "http://127.0.0.1:8080/api",
            "http://user@127.0.0.1:8080",
            "http://127.0.0.1:notaport",
            "http://localhost.evil.com:80",
        ] {
            assert!(parse_target(bad).is_err(), "{bad} should be refused");
        }
    }

    #[test]
    fn source_addresses() {
        let s = source_addrs(3).unwrap();
        assert_eq!(s, vec![Ipv4Addr::new(127, 0, 0, 1), Ipv4Addr::new(127, 0, 0, 2), Ipv4Addr::new(127, 0, 0, 3)]);
        assert!(source_addrs(0).is_err());
    }
}
