# Lamsa in one image: the web app built by Node, the server by Rust, run on Debian slim.
FROM node:20-bookworm AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
RUN npm run build

FROM rust:1-bookworm AS server
WORKDIR /src
COPY . .
RUN cargo build --release --bin lamsa

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates fonts-hosny-amiri && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=server /src/target/release/lamsa /usr/local/bin/lamsa
COPY --from=web /src/web/dist /app/web/dist
ENV LAMSA_ADDR=0.0.0.0:8080 LAMSA_DATA_DIR=/data LAMSA_WEB_DIR=/app/web/dist
VOLUME /data
EXPOSE 8080
CMD ["lamsa", "serve"]
