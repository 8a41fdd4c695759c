//! The address a request came from, for the per-address attempt limits. Behind a load balancer
//! every request's peer is the balancer; with `LAMSA_TRUSTED_PROXIES` naming it, the client is
//! the address the balancer appended to `X-Forwarded-For` (the rightmost entry that is not a
//! trusted proxy). From any other peer the header is ignored, so it cannot be forged.

use std::net::IpAddr;

use actix_web::{http::header::HeaderName, web, HttpRequest};

use crate::state::AppState;

/// An address or a network (`10.0.0.0/8`, `fd00::/8`, `127.0.0.1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Network {
    addr: IpAddr,
    prefix: u8,
}

impl Network {
    pub fn parse(raw: &str) -> Option<Network> {
        let (addr, prefix) = match raw.trim().split_once('/') {
            Some((a, p)) => (a.parse::<IpAddr>().ok()?, Some(p.parse::<u8>().ok()?)),
            None => (raw.trim().parse::<IpAddr>().ok()?, None),
        };
        let max = if addr.is_ipv4() { 32 } else { 128 };
        let prefix = prefix.unwrap_or(max);
        (prefix <= max).then_some(Network { addr, prefix })
    }

    pub fn contains(&self, ip: IpAddr) -> bool {
        let bits = |ip: IpAddr| -> Option<u128> {
            match (self.addr, ip) {
                (IpAddr::V4(_), IpAddr::V4(v)) => Some(u128::from(u32::from(v)) << 96),
                (IpAddr::V6(_), IpAddr::V6(v)) => Some(u128::from(v)),
                (IpAddr::V4(_), IpAddr::V6(v)) => v.to_ipv4_mapped().map(|v| u128::from(u32::from(v)) << 96),
                _ => None,
            }
        };
        let (Some(net), Some(ip)) = (bits(self.addr), bits(ip)) else { return false };
        // An IPv4 address fills the top 32 of the 128 bits, so one mask serves both.
        let prefix = u32::from(self.prefix);
        let mask = if prefix == 0 { 0 } else { u128::MAX << (128 - prefix) };
        net & mask == ip & mask
    }
}

/// `LAMSA_TRUSTED_PROXIES`: comma-separated addresses or networks.
pub fn parse_list(raw: &str) -> Result<Vec<Network>, String> {
    raw.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| Network::parse(s).ok_or_else(|| format!("not an address or network: {s}")))
        .collect()
}

/// The client's address as text (empty when unknown).
pub fn client_ip(req: &HttpRequest) -> String {
    let Some(peer) = req.peer_addr().map(|a| a.ip()) else { return String::new() };
    let trusted = req.app_data::<web::Data<AppState>>().map(|s| s.settings.trusted_proxies.as_slice()).unwrap_or(&[]);
    let is_trusted = |ip: IpAddr| trusted.iter().any(|n| n.contains(ip));
    if !is_trusted(peer) {
        return peer.to_string();
    }
    let forwarded = req
        .headers()
        .get_all(HeaderName::from_static("x-forwarded-for"))
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .collect::<Vec<_>>();
    for entry in forwarded.iter().rev() {
        match entry.parse::<IpAddr>() {
            Ok(ip) if is_trusted(ip) => continue,
            Ok(ip) => return ip.to_string(),
            // Not an address: what is left of it came from the client; stop at the last known.
            Err(_) => break,
        }
    }
    peer.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn networks() {
        let n = Network::parse("172.16.0.0/12").unwrap();
        assert!(n.contains("172.18.0.5".parse().unwrap()));
        assert!(!n.contains("172.32.0.1".parse().unwrap()));
        assert!(!n.contains("::1".parse().unwrap()));
        assert!(Network::parse("127.0.0.1").unwrap().contains("127.0.0.1".parse().unwrap()));
        assert!(Network::parse("127.0.0.1").unwrap().contains("::ffff:127.0.0.1".parse().unwrap()));
        assert!(Network::parse("fd00::/8").unwrap().contains("fd12::1".parse().unwrap()));
        assert!(Network::parse("0.0.0.0/0").unwrap().contains("8.8.8.8".parse().unwrap()));
        assert_eq!(parse_list(" 10.0.0.0/8, ::1 ").unwrap().len(), 2);
        assert!(parse_list("10.0.0.0/33").is_err());
        assert!(parse_list("nginx").is_err());
    }
}
